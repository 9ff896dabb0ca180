import { performance } from "node:perf_hooks";

// Decision 0115: Node 20's libuv accepts one new connection per turn of the event loop. A
// turn that answers every request its sockets hold (200 kept-alive visitors: 100–800 ms of work)
// leaves new connections waiting in the listen queue, unread, for seconds: the soak's only errors.
// The budget bounds the requests started in one turn: while a turn has spent less than its budget,
// a request starts at once; after that, requests wait their turn in arrival order and are started in
// later turns, a budget's worth per turn, so the loop comes back to accept (and to read the
// database's answers) every few milliseconds. An idle server starts every request at once.

const DEFAULT_BUDGET_MS = 3;

export type TurnBudget = {
  /** Runs `work` now, or in a later turn of the event loop when this one has spent its budget. */
  run: (work: () => void) => void;
  /** Requests waiting for a turn (the tests read it). */
  waiting: () => number;
};

/** TURN_BUDGET_MS: milliseconds of requests started per turn; 0 starts every request at once. */
export function turnBudgetSetting(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_BUDGET_MS;
  const ms = Number(value);
  if (!Number.isFinite(ms) || ms < 0)
    throw new Error(`TURN_BUDGET_MS must be a number ≥ 0, not ${JSON.stringify(value)}`);
  return ms;
}

export function turnBudget(budgetMs: number): TurnBudget {
  const queue: (() => void)[] = [];
  let next = 0;
  /** When the current phase of this turn started its first work; -1 outside one. */
  let phaseStart = -1;
  let scheduled = false;

  const waiting = () => queue.length - next;

  /** Milliseconds spent since this phase's first work; the phase ends at the turn's check phase. */
  function spent(): number {
    const now = performance.now();
    if (phaseStart < 0) {
      phaseStart = now;
      setImmediate(() => {
        phaseStart = -1;
      });
    }
    return now - phaseStart;
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(drain);
  }

  /** Starts waiting requests for one budget, then leaves the rest to the next turn. */
  function drain() {
    scheduled = false;
    const start = performance.now();
    try {
      while (waiting() > 0 && performance.now() - start < budgetMs) {
        const work = queue[next]!;
        queue[next++] = undefined as never;
        work();
      }
    } finally {
      if (waiting() === 0 || next > 1024) {
        queue.splice(0, next);
        next = 0;
      }
      if (waiting() > 0) schedule();
    }
  }

  return {
    run(work) {
      if (budgetMs <= 0 || (waiting() === 0 && spent() < budgetMs)) return work();
      queue.push(work);
      schedule();
    },
    waiting,
  };
}
