// The one UUID check. An id from a URL or a form is checked before it reaches a query:
// PostgreSQL refuses a malformed uuid with an error, which would answer 500 where "not found" is
// the truth.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** The value when it is a UUID, otherwise undefined (for optional filters read from a URL). */
export function uuidOrUndefined(value: string | null | undefined): string | undefined {
  return isUuid(value) ? value : undefined;
}
