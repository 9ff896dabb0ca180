// The grid's keyboard and paste rules, without the DOM (decision 0127): a cell is (row, column) in
// the grid's column order; a row lacks the columns its product does not need.

export type Position = { row: number; col: number };

/** Where a key moves from `at`, or null when the key is not a move (or there is nowhere to go). */
export function moveFrom(
  at: Position,
  key: string,
  has: (position: Position) => boolean,
  size: { rows: number; cols: number },
): Position | null {
  const step: Record<string, Position> = {
    ArrowUp: { row: -1, col: 0 },
    ArrowDown: { row: 1, col: 0 },
    Enter: { row: 1, col: 0 },
    ArrowLeft: { row: 0, col: -1 },
    ArrowRight: { row: 0, col: 1 },
  };
  const delta = step[key];
  if (!delta) return null;
  let next = { row: at.row + delta.row, col: at.col + delta.col };
  // Skip the cells a row does not have, in the direction of the move.
  while (next.row >= 0 && next.row < size.rows && next.col >= 0 && next.col < size.cols) {
    if (has(next)) return next;
    next = { row: next.row + delta.row, col: next.col + delta.col };
  }
  return null;
}

/** A block copied from a spreadsheet: rows by line, cells by tab; a trailing line break is not a row. */
export function parseBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n");
  return lines.map((line) => line.split("\t"));
}

/**
 * The cells a pasted block fills, from `at` rightwards and downwards; cells a row does not have
 * are left out (the block's value for them is dropped, never moved to another cell).
 */
export function pasteAt(
  at: Position,
  block: string[][],
  has: (position: Position) => boolean,
): Array<Position & { value: string }> {
  const filled: Array<Position & { value: string }> = [];
  block.forEach((cells, r) => {
    cells.forEach((value, c) => {
      const position = { row: at.row + r, col: at.col + c };
      if (has(position)) filled.push({ ...position, value: value.trim() });
    });
  });
  return filled;
}
