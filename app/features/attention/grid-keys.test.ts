import { describe, expect, it } from "vitest";
import { moveFrom, parseBlock, pasteAt } from "./grid-keys";

// Rows 0 and 2 have both columns; row 1 has only column 1.
const has = ({ row, col }: { row: number; col: number }) => row >= 0 && row < 3 && (row !== 1 || col === 1);
const size = { rows: 3, cols: 2 };

describe("grid keys", () => {
  it("arrows and Enter move between the cells a row has, skipping the missing ones", () => {
    expect(moveFrom({ row: 0, col: 0 }, "ArrowDown", has, size)).toEqual({ row: 2, col: 0 });
    expect(moveFrom({ row: 0, col: 1 }, "Enter", has, size)).toEqual({ row: 1, col: 1 });
    expect(moveFrom({ row: 0, col: 0 }, "ArrowRight", has, size)).toEqual({ row: 0, col: 1 });
    expect(moveFrom({ row: 0, col: 0 }, "ArrowUp", has, size)).toBeNull();
    expect(moveFrom({ row: 0, col: 0 }, "a", has, size)).toBeNull();
  });

  it("a block pasted from a spreadsheet fills cells rightwards and downwards", () => {
    const block = parseBlock("Опис 1\t350 г\r\nОпис 2\t1 л\r\nОпис 3\t2 кг\r\n");
    expect(block).toEqual([
      ["Опис 1", "350 г"],
      ["Опис 2", "1 л"],
      ["Опис 3", "2 кг"],
    ]);
    expect(pasteAt({ row: 0, col: 0 }, block, has)).toEqual([
      { row: 0, col: 0, value: "Опис 1" },
      { row: 0, col: 1, value: "350 г" },
      { row: 1, col: 1, value: "1 л" },
      { row: 2, col: 0, value: "Опис 3" },
      { row: 2, col: 1, value: "2 кг" },
    ]);
  });
});
