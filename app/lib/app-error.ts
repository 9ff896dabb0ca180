// One error type for every service (STYLE.md). A code maps to an HTTP status and an i18n key
// "errors:<code>", so the same failure speaks mk, en or sq wherever it surfaces.
export const ERROR_STATUS = {
  notFound: 404,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  impersonationRefused: 403,
  conflict: 409,
  rateLimited: 429,
  rateLimitedFor: 429,
  unexpected: 500,
  usernameUnavailable: 409,
  availabilityCheckFailed: 500,
  setupFailed: 500,
  onboardingIncomplete: 409,
  productSaveFailed: 500,
  productDeleteFailed: 500,
  loginFailed: 401,
  registrationFailed: 400,
  storeNotFound: 404,
  categorySaveFailed: 500,
  categoryDeleteFailed: 500,
  categoryAssignFailed: 500,
  categoryNameTaken: 409,
  priceUpdateFailed: 500,
  activityFetchFailed: 500,
  // Billing
  billingLoadFailed: 500,
  paymentFailed: 500,
  paymentNotPending: 409,
  paymentNotPaid: 409,
  storeUnpaid: 409,
  contactSendFailed: 500,
  exportFailed: 500,
  noDataToExport: 404,
  // The product import
  importFailed: 500,
  importBusy: 409,
  importFileType: 415,
  importXlsOld: 415,
  importEmpty: 400,
  importUnreadable: 422,
  importTooLarge: 413,
  importTooManyRows: 413,
  importZipTooLarge: 413,
  importTooComplex: 422,
  // Store setup, images, address, hours
  logoUploadFailed: 500,
  imageUploadFailed: 500,
  imageEmpty: 400,
  imageTooLarge: 413,
  imageTypeRefused: 415,
  imageSvgRefused: 415,
  imageTooManyPixels: 422,
  imageProcessingFailed: 422,
  // The shared image library
  imageSearchFailed: 500,
  imageAssignFailed: 500,
  // My images and posts
  storageLimitExceeded: 413,
  imageInUse: 409,
  imageDeleteFailed: 500,
  postSaveFailed: 500,
  postDeleteFailed: 500,
  businessHoursSaveFailed: 500,
  storeSaveFailed: 500,
  addressLookupFailed: 502,
  codeSendFailed: 400,
  codeVerifyFailed: 400,
  codeUsedUp: 400,
  codeResendFailed: 429,
  passkeyFailed: 400,
  resetPasswordFailed: 400,
  linkFailed: 400,
  unlinkFailed: 400,
  unlinkLastMethod: 409,
  passkeyDeleteFailed: 400,
  passkeyRenameFailed: 400,
  passkeyAddFailed: 400,
  passwordUpdateFailed: 400,
  emailChangeFailed: 400,
  sessionsRevokeFailed: 400,
  priceUpdateRecordFailed: 500,
  reportSubmitFailed: 500,
  // The admin area and impersonation
  userIdRequired: 400,
  impersonateFailed: 500,
  stopImpersonationFailed: 500,
  cannotImpersonateAdmin: 403,
  impersonateUnverified: 409,
  // Promotions
  promotionSaveFailed: 500,
  promotionDeleteFailed: 500,
  promotionLoadFailed: 500,
  promotionAddProductsFailed: 500,
  promotionProductsRequired: 400,
  customPriceTooHigh: 400,
  promotionPriceNotPositive: 400,
  promotionForbiddenCategory: 400,
  promotionMoveConfirm: 409,
  promotionProductTaken: 409,
  promotionStartedFixed: 409,
  promotionStartedCustomPrice: 409,
  promotionEndedEarly: 409,
  promotionStartPassed: 409,
  // Points of sale
  lastPointOfSale: 409,
  pointOfSaleLimit: 409,
  // Custom domains (decision 0133)
  domainInvalid: 400,
  domainPlatform: 400,
  domainTaken: 409,
  domainNotFound: 422,
  domainLookupFailed: 502,
  domainSaveFailed: 500,
  // The embeddable list's allowed websites (decision 0136)
  embedOriginInvalid: 400,
  embedOriginNotHttps: 400,
  embedOriginsTooMany: 400,
  embedSaveFailed: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  /** Values its message names (e.g. `{ minutes }` of "rateLimitedFor"). */
  readonly params?: Record<string, number | string>;

  constructor(
    code: ErrorCode,
    options?: { fields?: Record<string, string>; params?: Record<string, number | string>; cause?: unknown },
  ) {
    super(code, { cause: options?.cause });
    this.name = "AppError";
    this.code = code;
    this.fields = options?.fields;
    this.params = options?.params;
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
