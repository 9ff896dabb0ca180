// `node --import tsx tests/support/cluster-metrics-fixture.ts`: a primary and two workers as
// server/workers.ts runs them; worker n counts n × 10 requests, then worker 1 takes a scrape and
// the primary prints what it answered (server/cluster-metrics.test.ts).
import cluster from "node:cluster";
import { Counter, Registry } from "prom-client";
import { metricsCollector, serveClusterMetrics } from "../../server/cluster-metrics";

if (cluster.isPrimary) {
  serveClusterMetrics();
  const workers = [cluster.fork(), cluster.fork()];
  let ready = 0;
  for (const worker of workers) {
    worker.on("message", (message: { ready?: boolean; scraped?: string }) => {
      if (message.ready && ++ready === workers.length) workers[0]!.send("scrape");
      if (message.scraped !== undefined) {
        process.stdout.write(message.scraped);
        for (const each of workers) each.kill();
      }
    });
  }
} else {
  const registry = new Registry();
  const requests = new Counter({
    name: "fixture_requests_total",
    help: "requests",
    labelNames: ["route"],
    registers: [registry],
  });
  requests.inc({ route: "/:username" }, cluster.worker!.id * 10);
  const collect = metricsCollector(registry);
  process.on("message", (message) => {
    if (message === "scrape") void collect().then((scraped) => process.send!({ scraped }));
  });
  process.send!({ ready: true });
}
