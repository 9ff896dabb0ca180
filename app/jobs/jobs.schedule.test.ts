import { Cron } from "croner";
import { describe, expect, it, vi } from "vitest";
import { recheckDomains } from "~/features/domains/domain.server";
import { STORE_TIME_ZONE } from "~/lib/dates";
import { JOBS } from "./jobs.server";

// The schedule every instance runs (runtime.server.ts starts JOBS): a job that is written but not
// listed here never runs. The custom domains' daily re-check is what stops serving a domain whose
// TXT record is gone (decision 0133).

vi.mock("~/features/domains/domain.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/features/domains/domain.server")>()),
  recheckDomains: vi.fn(async () => ({ seen: 0, lapsed: 0 })),
}));

const DAY_MS = 24 * 60 * 60 * 1000;

describe("the job schedule", () => {
  it("has the custom domains' re-check, once a day at night, calling recheckDomains with the run's time", async () => {
    const job = JOBS.find((entry) => entry.name === "domain-recheck");
    expect(job).toBeDefined();
    const cron = new Cron(job!.pattern, { timezone: STORE_TIME_ZONE, paused: true });
    try {
      const runs = cron.nextRuns(3, new Date("2026-11-20T12:00:00Z")).map((run) => run.getTime());
      expect(runs[1]! - runs[0]!).toBe(DAY_MS);
      expect(runs[2]! - runs[1]!).toBe(DAY_MS);
      // At night in Skopje, before the 08:00 reminders and the shops' mornings.
      const hour = Number(
        new Intl.DateTimeFormat("en-GB", {
          timeZone: STORE_TIME_ZONE,
          hour: "2-digit",
          hour12: false,
        }).format(runs[0]),
      );
      expect(hour).toBeLessThan(7);
    } finally {
      cron.stop();
    }
    const db = {} as never;
    const now = new Date("2026-11-21T03:10:00Z");
    await job!.run({ db, now } as never);
    expect(recheckDomains).toHaveBeenCalledWith(db, now);
  });

  it("names each job once", () => {
    const names = JOBS.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
