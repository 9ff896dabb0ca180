import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// Decision 0116: after a burst of traffic a process kept 600 MB more than it needed for
// minutes. It was outside V8's counted heap, and only a full collection returned it: the soak's, 60 s
// after the load, gave it back at once (RSS 1,073 → 466 MB); V8 had not run one of its own. So a
// process that served a burst and then went quiet collects once, as a browser does on an idle tab.

export type IdleCollector = {
  /** Counts a request (its start). */
  served: () => void;
  stop: () => void;
};

type Options = {
  /** Quiet this long (no request started) before collecting. */
  quietMs: number;
  /** Only after this many requests since the last collection: a quiet server is left alone. */
  afterRequests: number;
  /** How often to look. */
  everyMs: number;
  /** The collection; the process's full GC by default. */
  collect?: () => void;
  now?: () => number;
};

/** IDLE_COLLECT=off turns it off. */
export function idleCollectorFromEnv(env: NodeJS.ProcessEnv): IdleCollector | null {
  if (env.IDLE_COLLECT === "off") return null;
  return idleCollector({ quietMs: 20_000, afterRequests: 1_000, everyMs: 5_000 });
}

export function idleCollector(options: Options): IdleCollector {
  const now = options.now ?? Date.now;
  const collect = options.collect ?? fullCollection();
  let since = 0;
  let lastRequestAt = now();
  const timer = setInterval(() => {
    if (since < options.afterRequests || now() - lastRequestAt < options.quietMs) return;
    since = 0;
    collect();
  }, options.everyMs);
  timer.unref();
  return {
    served() {
      since++;
      lastRequestAt = now();
    },
    stop: () => clearInterval(timer),
  };
}

/** V8's full collection, as `node --expose-gc` gives it (Jest's leak detector gets it the same way). */
export function fullCollection(): () => void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  return () => gc();
}
