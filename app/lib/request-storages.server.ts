import { AsyncLocalStorage } from "node:async_hooks";

// Decision 0152. On Node 20 an AsyncLocalStorage that has run once keeps an async hook on for the
// process's life: it runs for every promise, tick, timer and socket write, a cached page's answers
// included (decision 0150 measured it at about a fifth of a hit). Our logger's store is not the only
// one: better-auth keeps three (any sign-in, the demo seed), and React's streaming render one (every
// dashboard page). So every store that has run in this process is noted here, and all are disabled
// when the last request being served has ended; the next run() of each turns it on again.

type Noted = {
  refs: Set<WeakRef<AsyncLocalStorage<unknown>>>;
  seen: WeakSet<object>;
  /** Requests begun through requestServed() that have not ended yet (one count per process). */
  serving: number;
};

const KEY = Symbol.for("vitrina.requestStorages");
const holder = globalThis as typeof globalThis & { [KEY]?: Noted };

/** The stores that have run, noted by run() and enterWith() (patched once per process). */
function noted(): Noted {
  const existing = holder[KEY];
  if (existing) return existing;
  const registry: Noted = { refs: new Set(), seen: new WeakSet(), serving: 0 };
  holder[KEY] = registry;
  const note = (storage: AsyncLocalStorage<unknown>) => {
    if (registry.seen.has(storage)) return;
    registry.seen.add(storage);
    registry.refs.add(new WeakRef(storage));
  };
  const { run, enterWith } = AsyncLocalStorage.prototype;
  AsyncLocalStorage.prototype.run = function (
    this: AsyncLocalStorage<unknown>,
    ...args: Parameters<typeof run>
  ) {
    note(this);
    const result = run.apply(this, args);
    // React's streaming render finishes in a run() of its own after the answer has gone, when no
    // request may be left to end: a run outside any request whose work was synchronous leaves its
    // store off again. Work that awaits (the demo seed's sign-up at start) keeps its store on.
    if (registry.serving === 0 && !(result instanceof Promise)) this.disable();
    return result;
  } as typeof run;
  AsyncLocalStorage.prototype.enterWith = function (this: AsyncLocalStorage<unknown>, store: unknown) {
    note(this);
    enterWith.call(this, store);
  };
  return registry;
}

const registry = noted();

/**
 * Counts a request as being served until the returned function is called (once; later calls do
 * nothing). When the last one has ended, every store that has run is disabled.
 */
export function requestServed(): () => void {
  registry.serving++;
  let counted = true;
  return () => {
    if (!counted) return;
    counted = false;
    registry.serving--;
    if (registry.serving === 0) disableStorages();
  };
}

/**
 * Turns off every store noted so far. A continuation of an ended request still running (a client
 * that left mid-request) then reads no store: its log lines carry no request id, and an auth call
 * in it fails — that client is gone. better-auth runs its adapter without transactions here (the
 * drizzle adapter's default), so no write depends on its store.
 */
function disableStorages() {
  for (const ref of registry.refs) {
    const storage = ref.deref();
    if (storage) storage.disable();
    else registry.refs.delete(ref);
  }
}
