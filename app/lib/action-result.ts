// The one shape every route action answers with (decision 0017), so a component reads its action
// data without casting: `ok` tells success from failure, `errors` maps a field (or "form") to an
// i18n key, and `values` gives back what was typed so a failed submit loses nothing.

/** Field name → i18n key of its first problem; the form-level problem sits under "form". */
export type FieldErrors = Record<string, string>;

/** What was typed, as strings, handed back on a failure so the form shows it again. */
export type FormValues = Record<string, string>;

/** Interpolation values of an i18n message. */
export type MessageParams = Record<string, number | string>;

export type ActionSuccess<T extends object = object> = {
  ok: true;
  /** Which of the route's intents answered (a page with several forms shows it in the right one). */
  intent?: string;
  /** The i18n key of the confirmation to show. */
  message?: string;
} & T;

export type ActionFailure = {
  ok: false;
  intent?: string;
  errors: FieldErrors;
  values?: FormValues;
  /** Values the form-level message names, e.g. `{ minutes }` of "try again in 12 min". */
  params?: MessageParams;
};

export type ActionResult<T extends object = object> = ActionSuccess<T> | ActionFailure;

/** The failure of an action result (undefined on success or before the first submit). */
export function failureOf(
  result: ActionResult | null | undefined,
  intent?: string,
): ActionFailure | undefined {
  if (!result || result.ok) return undefined;
  if (intent !== undefined && result.intent !== undefined && result.intent !== intent) return undefined;
  return result;
}

/** The form-level error key of a result, if it failed for a reason no single field carries. */
export function formErrorOf(result: ActionResult | null | undefined, intent?: string): string | undefined {
  return failureOf(result, intent)?.errors.form;
}

/** The one message to toast for a failure: the form-level error, or else the first field's. */
export function failureMessageOf(failure: ActionFailure): string {
  return failure.errors.form ?? Object.values(failure.errors)[0] ?? "errors:unexpected";
}
