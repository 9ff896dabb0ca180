import type { Messages } from "../config";

const files = import.meta.glob<Record<string, unknown>>("../../locales/en/*.json", {
  eager: true,
  import: "default",
});

/** Every namespace of the en catalogue, keyed by namespace. */
export const messages: Messages = Object.fromEntries(
  Object.entries(files).map(([file, value]) => [file.replace(/^.*\/([\w-]+)\.json$/, "$1"), value]),
);
