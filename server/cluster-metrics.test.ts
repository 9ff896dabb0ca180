import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("/metrics with several worker processes", () => {
  it("answers every worker's numbers added up, whichever worker takes the scrape", () => {
    const text = String(
      execFileSync(process.execPath, ["--import", "tsx", "tests/support/cluster-metrics-fixture.ts"], {
        timeout: 60_000,
      }),
    );
    // Worker 1 counted 10, worker 2 counted 20; the scrape reached worker 1.
    expect(text).toContain('fixture_requests_total{route="/:username"} 30');
  });
});
