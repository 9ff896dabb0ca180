import { format } from "node:util";
import { afterEach } from "vitest";

// STYLE.md "Tests": a test that logs an unexpected console.error fails. App code logs through pino
// (~/lib/logger.server), so a console.error is a React warning, a library complaint or a forgotten
// debug line: each one is a defect the test would otherwise hide. A test that means to provoke one
// says so with expectConsoleError().

const logged: string[] = [];
let expected: RegExp[] = [];
const original = console.error;

console.error = (...args: unknown[]) => {
  const text = format(...args);
  if (expected.some((pattern) => pattern.test(text))) return;
  logged.push(text);
  original(...args);
};

/** Lets this test log console.error lines that match the pattern. */
export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern);
}

afterEach(() => {
  const lines = logged.splice(0);
  expected = [];
  if (lines.length > 0) {
    throw new Error(
      `unexpected console.error (${lines.length}):\n${lines.map((line) => line.slice(0, 500)).join("\n")}`,
    );
  }
});
