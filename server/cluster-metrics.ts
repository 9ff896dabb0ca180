import cluster from "node:cluster";
import { AggregatorRegistry, type Registry } from "prom-client";

// Decision 0082: with WEB_CONCURRENCY workers a scrape of /metrics reaches one of them; it asks the
// primary process, which collects every worker's registry through prom-client's cluster protocol
// and answers with the sums (counters, histograms, the pool gauge; decision 0082).

const ASK = "vitrina:metrics-ask";
const ANSWER = "vitrina:metrics-answer";
const ANSWER_WITHIN_MS = 5_000;

type Ask = { type: typeof ASK; id: number };
type Answer = { type: typeof ANSWER; id: number; text?: string; error?: string };

/** In the primary process: answers a worker's ask with every worker's metrics added up. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: Ask) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (error: Error) => worker.send({ type: ANSWER, id: message.id, error: error.message } satisfies Answer),
    );
  });
}

/**
 * The text a scrape answers: this process's registry, or in a worker, all workers' together (the
 * registry joins the primary's collection here).
 */
export function metricsCollector(registry: Registry): () => Promise<string> {
  if (!cluster.isWorker || !process.send) return () => registry.metrics();
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one makes this worker answer the primary's requests for its numbers.
  new AggregatorRegistry();
  const pending = new Map<number, (answer: Answer | null) => void>();
  let next = 0;
  process.on("message", (message: Answer) => {
    if (message?.type === ANSWER) pending.get(message.id)?.(message);
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => pending.get(id)?.(null), ANSWER_WITHIN_MS);
      pending.set(id, (answer) => {
        clearTimeout(timer);
        pending.delete(id);
        if (answer?.text !== undefined) resolve(answer.text);
        else reject(new Error(`metrics not collected: ${answer?.error ?? "the primary did not answer"}`));
      });
      process.send!({ type: ASK, id } satisfies Ask);
    });
}
