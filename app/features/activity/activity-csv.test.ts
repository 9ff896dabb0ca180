import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./activity-csv";

describe("activity CSV cells", () => {
  it.each([
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+38970", "'+38970"],
    ["-5", "'-5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", '"\'\rcmd"'],
  ])("neutralises %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("quotes commas, quotes and line breaks and keeps Cyrillic as it is", () => {
    expect(csvCell("Леб, бел")).toBe('"Леб, бел"');
    expect(csvCell('Сок "Топ"')).toBe('"Сок ""Топ"""');
    expect(csvCell("ред\nдва")).toBe('"ред\nдва"');
    expect(csvCell("Млеко")).toBe("Млеко");
    expect(csvCell(null)).toBe("");
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });
});
