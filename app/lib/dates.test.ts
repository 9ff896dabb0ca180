import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatTime, skopjeTime } from "./dates";

describe("dates in Europe/Skopje", () => {
  it("shows Skopje wall-clock time in winter (UTC+1) and summer (UTC+2)", () => {
    expect(formatDateTime("2026-01-15T08:30:00Z", "mk")).toBe("15.01.2026 09:30");
    expect(formatDateTime("2026-07-15T08:30:00Z", "en")).toBe("15/07/2026, 10:30");
    expect(formatTime("2026-07-15T07:59:00Z")).toBe("09:59");
  });

  it("puts a late UTC evening on the next Skopje day", () => {
    expect(skopjeTime("2026-11-20T23:30:00Z")).toMatchObject({ year: 2026, month: 11, day: 21, hour: 0 });
  });

  it("names months in each language", () => {
    expect(formatDate("2026-11-21T10:00:00Z", "mk")).toBe("21 ное. 2026");
    expect(formatDate("2026-11-21T10:00:00Z", "en")).toBe("21 Nov 2026");
    expect(formatDate("2026-11-21T10:00:00Z", "sq")).toBe("21 nën 2026");
  });
});
