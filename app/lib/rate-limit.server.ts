// A per-process limit on how often one client may call an endpoint that strangers can reach and that
// stores nothing of its own to count (the session call, cPay's notifications). Limits that must hold
// across instances count in the database instead (reports, waitlist, imports).

export type RateLimiter = {
  /** True when this call is within the limit (and counts it); false when it must be refused. */
  allow: (key: string, now?: number) => boolean;
};

/** At most `limit` calls per key in any `windowMs`; memory bounded by `maxKeys` (oldest keys dropped). */
export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
}): RateLimiter {
  const maxKeys = options.maxKeys ?? 10_000;
  const calls = new Map<string, number[]>();
  return {
    allow(key, now = Date.now()) {
      const since = now - options.windowMs;
      const recent = (calls.get(key) ?? []).filter((at) => at > since);
      if (recent.length >= options.limit) {
        calls.set(key, recent);
        return false;
      }
      recent.push(now);
      calls.delete(key);
      calls.set(key, recent);
      if (calls.size > maxKeys) calls.delete(calls.keys().next().value!);
      return true;
    },
  };
}
