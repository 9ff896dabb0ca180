/** PostgreSQL's unique_violation (23505), found through driver wrappers (Drizzle wraps the cause). */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, "23505");
}

/** PostgreSQL's exclusion_violation (23P01): e.g. a product in two active promotions (decision 0038). */
export function isExclusionViolation(error: unknown): boolean {
  return hasSqlState(error, "23P01");
}

/**
 * PostgreSQL's deadlock_detected (40P01): two transactions inserting rows that each other's
 * exclusion constraint must wait for (one product put in two promotions at once).
 */
export function isDeadlock(error: unknown): boolean {
  return hasSqlState(error, "40P01");
}

/**
 * PostgreSQL's serialization_failure (40001): a transaction that lost to a concurrent one under a
 * stricter isolation level (two activations of promotions holding the same products).
 */
export function isSerializationFailure(error: unknown): boolean {
  return hasSqlState(error, "40001");
}

function hasSqlState(error: unknown, state: string): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: string }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
