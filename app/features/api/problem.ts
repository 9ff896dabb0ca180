import type { z } from "zod";
import { getFixedT } from "~/i18n/i18n.server";
import type { Problem } from "./api.schema";

// Every failure of /api/v1 answers RFC 9457 problem details (application/problem+json).
// `type` is a stable URI per kind of problem, documented in the README and the reference page.

export const PROBLEM_BASE = "https://vitrina.mk/problems/";

export const PROBLEMS = {
  unauthorized: { status: 401, title: "Missing, unknown or revoked API token" },
  "insufficient-scope": { status: 403, title: "The token lacks the scope this operation needs" },
  "store-inactive": { status: 403, title: "The store is inactive until a plan is paid; writes are refused" },
  "not-found": { status: 404, title: "Not found" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "The request conflicts with the store's data" },
  "payload-too-large": { status: 413, title: "The request body is too large" },
  "unsupported-media-type": { status: 415, title: "Send the body as application/json" },
  "malformed-json": { status: 400, title: "The body is not valid JSON" },
  validation: { status: 400, title: "The request is invalid" },
  "idempotency-key-reused": {
    status: 422,
    title: "This Idempotency-Key was used with a different request",
  },
  "rate-limited": { status: 429, title: "Too many requests for this token" },
  unexpected: { status: 500, title: "Something went wrong on our side" },
} as const;
export type ProblemKind = keyof typeof PROBLEMS;

export type FieldProblem = { pointer: string; detail: string };

export class ApiProblem extends Error {
  readonly kind: ProblemKind;
  readonly detail?: string;
  readonly errors?: FieldProblem[];
  readonly headers?: Record<string, string>;

  constructor(
    kind: ProblemKind,
    options: { detail?: string; errors?: FieldProblem[]; headers?: Record<string, string> } = {},
  ) {
    super(kind);
    this.kind = kind;
    this.detail = options.detail;
    this.errors = options.errors;
    this.headers = options.headers;
  }

  get status(): number {
    return PROBLEMS[this.kind].status;
  }

  toJSON(): Problem {
    return problemBody(this.kind, this.detail, this.errors);
  }
}

export function problemBody(kind: ProblemKind, detail?: string, errors?: FieldProblem[]): Problem {
  return {
    type: `${PROBLEM_BASE}${kind}`,
    title: PROBLEMS[kind].title,
    status: PROBLEMS[kind].status,
    ...(detail !== undefined && { detail }),
    ...(errors !== undefined && { errors }),
  };
}

export function problemResponse(problem: ApiProblem): Response {
  return new Response(JSON.stringify(problem.toJSON()), {
    status: problem.status,
    headers: { "Content-Type": "application/problem+json", ...problem.headers },
  });
}

/** A JSON pointer (RFC 6901) to a path of the body, or "#query/…" / "#path/…" for a parameter. */
export function pointerOf(where: "body" | "query" | "path", path: PropertyKey[]): string {
  const escaped = path.map((part) => String(part).replace(/~/g, "~0").replace(/\//g, "~1"));
  return where === "body" ? `#/${escaped.join("/")}` : `#${where}/${escaped.join("/")}`;
}

/**
 * A Zod message for a program's developer: the schemas name catalogue keys (decision 0031), which
 * the API answers with their English text (decision 0071); any other message as it is.
 */
function detailOf(message: string): string {
  return /^[a-z]+:[A-Za-z.]+$/.test(message) ? getFixedT("en")(message) : message;
}

/** A Zod failure as a validation problem naming every invalid field. */
export function validationProblem(error: z.ZodError, where: "body" | "query" | "path"): ApiProblem {
  // A key the operation does not take points at that key (#/items/0/name), so a caller sees which
  // field of an item its scope or the schema refuses (decision 0122).
  const errors = error.issues
    .flatMap((issue) =>
      issue.code === "unrecognized_keys"
        ? issue.keys.map((key) => ({
            pointer: pointerOf(where, [...issue.path, key]),
            detail: "not a field of this operation",
          }))
        : [{ pointer: pointerOf(where, issue.path), detail: detailOf(issue.message) }],
    )
    .slice(0, 100);
  return new ApiProblem("validation", { errors });
}
