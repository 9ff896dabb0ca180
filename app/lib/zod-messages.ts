import { z } from "zod";

// Decision 0031: every Zod message is a catalogue key ("namespace:key"), so the same rule speaks
// mk, en or sq. Schemas name their own keys ("validation:priceInvalid"); this map gives one to
// every issue that has none, so Zod's English defaults ("Invalid input", "Too small: expected
// string to have >=1 characters") never reach a screen. app/root.tsx installs it once, which
// covers the browser and the server.

type RawIssue = z.core.$ZodRawIssue;

/** Messages that say nothing more than "wrong": a union prefers any message that says more. */
const GENERIC = new Set(["validation:invalid", "validation:choiceInvalid", "validation:required"]);

/** The catalogue key for an issue whose schema gave no message of its own. */
export function zodMessageKey(issue: RawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null || issue.input === "")
        return "validation:required";
      return issue.expected === "number" || issue.expected === "int" || issue.expected === "bigint"
        ? "validation:numberInvalid"
        : "validation:invalid";
    case "too_small":
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1 ? "validation:required" : "validation:tooShort";
      }
      if (issue.origin === "array" || issue.origin === "set") return "validation:chooseOne";
      return "validation:tooSmall";
    case "too_big":
      if (issue.origin === "string") return "validation:tooLong";
      if (issue.origin === "array" || issue.origin === "set") return "validation:tooMany";
      return "validation:tooBig";
    case "invalid_format":
      if (issue.format === "email") return "validation:emailInvalid";
      return "validation:formatInvalid";
    case "invalid_value":
      return "validation:choiceInvalid";
    case "invalid_union":
      return unionMessage(issue.errors);
    default:
      // not_multiple_of, unrecognized_keys, invalid_key, invalid_element, custom without a message.
      return "validation:invalid";
  }
}

/**
 * A value no option of a union accepts: the most specific message of its options ("Enter a price"
 * from the price option rather than "choose a value" from the empty-string option).
 */
function unionMessage(options: readonly (readonly z.core.$ZodIssue[])[]): string {
  const messages = options.flat().map((issue) => issue.message);
  return messages.find((message) => !GENERIC.has(message)) ?? messages[0] ?? "validation:invalid";
}

z.config({ customError: zodMessageKey });
