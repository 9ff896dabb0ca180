// The one source of "now" for confirmation, jobs and feeds, so tests inject a day instead of
// waiting for one (never the real date in a test).

export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at `start` and can be moved; for tests. */
export function fixedClock(start: Date | string): Clock & { set: (at: Date | string) => void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(at) {
      current = new Date(at);
    },
  };
}

const holder = globalThis as typeof globalThis & { __vitrinaClock?: Clock };

/**
 * The process clock. VITRINA_NOW (an ISO instant; for tests only) starts the clock at that moment
 * and lets it run, so an end-to-end test can play a morning in Skopje.
 */
export function getClock(): Clock {
  if (!holder.__vitrinaClock) {
    const start = process.env.VITRINA_NOW;
    if (start) {
      const offset = new Date(start).getTime() - Date.now();
      holder.__vitrinaClock = { now: () => new Date(Date.now() + offset) };
    } else holder.__vitrinaClock = systemClock;
  }
  return holder.__vitrinaClock;
}
