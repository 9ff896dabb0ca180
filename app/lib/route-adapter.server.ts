import { data, redirect } from "react-router";
import { z } from "zod";
import {
  type ActionFailure,
  type ActionResult,
  type ActionSuccess,
  type FieldErrors,
  type FormValues,
  failureMessageOf,
  type MessageParams,
} from "./action-result";
import { type ErrorCode, isAppError } from "./app-error";
import { flashHeaders } from "./flash.server";
import { fieldErrors } from "./form";
import { logger } from "./logger.server";

// The one route adapter (decision 0017): a route parses the request, hands its work to
// `handleAction`, and every failure answers in one shape with the status from the AppError table.
// Services throw; routes never catch by hand.

export type ActionOptions = {
  /** Which intent of the route this is; echoed in the result so the right form shows it. */
  intent?: string;
  /** What was typed, given back on a failure so nothing is lost. */
  values?: FormValues;
  /** The error code (its i18n message) when something unexpected fails; "unexpected" by default. */
  fallback?: ErrorCode;
  /** An AppError "notFound" renders the 404 page instead of a form error (an edit page's record). */
  notFoundPage?: boolean;
  /**
   * A page that answers by redirect (a form on every dashboard page): a failure goes back to this
   * path with its message as an error flash instead of answering field errors.
   */
  flashFailureTo?: string;
  /**
   * Headers of every answer, success or failure (e.g. `Cache-Control: no-store` of a JSON check).
   * A `Headers` the work appends to only once it has succeeded (a cookie) sets them on a success only.
   */
  headers?: HeadersInit;
};

type Failure = ReturnType<typeof data<ActionFailure>>;
type Success<T extends object> = ReturnType<typeof data<ActionSuccess<T>>>;

/**
 * Runs an action's work. A Response it returns or throws (a redirect, a guard's answer, a thrown
 * `data(…)`) passes through untouched; an object becomes `{ ok: true, intent, ...object }`.
 * A ZodError answers 400 with field errors; an AppError answers its table status with its field
 * errors or, failing those, `errors.form = messageKey`; anything else answers 500 with the
 * fallback's message and is logged.
 */
export async function handleAction<T extends object>(
  work: () => Promise<Response | T>,
  options: ActionOptions = {},
): Promise<Response | ActionSuccess<T> | Success<T> | Failure> {
  if (options.flashFailureTo !== undefined) {
    const back = options.flashFailureTo;
    return handleAction(work, { ...options, flashFailureTo: undefined }).then((answer) => {
      if (!isDataWithInit(answer)) return answer;
      const body = (answer as { data: ActionResult }).data;
      if (body.ok) return answer;
      return redirect(back, { headers: flashHeaders(failureMessageOf(body), "error") });
    });
  }
  try {
    const result = await work();
    if (result instanceof Response || isDataWithInit(result)) return result as Response;
    const body = {
      ok: true,
      ...(options.intent !== undefined && { intent: options.intent }),
      ...result,
    } as const;
    return options.headers ? data(body as ActionSuccess<T>, { headers: options.headers }) : body;
  } catch (error) {
    if (error instanceof Response || isDataWithInit(error)) throw error;
    return failure(error, options);
  }
}

/** The failure answer for an error; exported for actions that must answer in another envelope. */
export function failure(error: unknown, options: ActionOptions = {}): Failure {
  const { intent, values, headers } = options;
  const answer = (errors: FieldErrors, status: number, params?: MessageParams) =>
    data<ActionFailure>(
      {
        ok: false,
        ...(intent !== undefined && { intent }),
        errors,
        ...(values !== undefined && { values }),
        ...(params !== undefined && { params }),
      },
      { status, ...(headers && { headers }) },
    );
  if (error instanceof z.ZodError) return answer(fieldErrors(error), 400);
  if (isAppError(error)) {
    if (options.notFoundPage && (error.code === "notFound" || error.code === "storeNotFound")) notFound();
    if (error.status >= 500)
      logger.error({ err: error.cause ?? error, code: error.code, intent }, "action failed");
    return answer(error.fields ?? { form: error.messageKey }, error.status, error.params);
  }
  const code = options.fallback ?? "unexpected";
  logger.error({ err: error, code, intent }, "action failed unexpectedly");
  return answer({ form: `errors:${code}` }, 500);
}

/** Parses form values with a schema; a ZodError thrown here becomes 400 field errors in handleAction. */
export function parseForm<S extends z.ZodType>(schema: S, values: unknown): z.output<S> {
  return schema.parse(values);
}

/** Ends the request with the 404 page. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/** A loader's read: AppError "notFound" (another store's or a malformed id) becomes the 404 page. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isAppError(error) && (error.code === "notFound" || error.code === "storeNotFound")) notFound();
    throw error;
  }
}

/** A resource route's answer as a Response (a CSV on success, the failure as JSON). */
export function asResponse(answer: unknown): Response {
  if (answer instanceof Response) return answer;
  if (isDataWithInit(answer)) {
    const { data: body, init } = answer as { data: unknown; init: ResponseInit | null };
    return Response.json(body, init ?? undefined);
  }
  return Response.json(answer);
}

function isDataWithInit(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}
