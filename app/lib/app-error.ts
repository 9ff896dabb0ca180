// One error type for every service (STYLE.md). A code maps to an HTTP status and an i18n key
// "errors:<code>", so the same failure speaks mk, en or sq wherever it surfaces.
export const ERROR_STATUS = {
  notFound: 404,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  conflict: 409,
  rateLimited: 429,
  unexpected: 500,
  usernameUnavailable: 409,
  availabilityCheckFailed: 500,
  setupFailed: 500,
  productSaveFailed: 500,
  productDeleteFailed: 500,
  loginFailed: 401,
  registrationFailed: 400,
  emailTaken: 409,
  storeNotFound: 404,
  priceUpdateRecordFailed: 500,
  reportSubmitFailed: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, options?: { fields?: Record<string, string>; cause?: unknown }) {
    super(code, { cause: options?.cause });
    this.name = "AppError";
    this.code = code;
    this.fields = options?.fields;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** The i18n key of the message a person sees. */
  get messageKey(): string {
    return `errors:${this.code}`;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
