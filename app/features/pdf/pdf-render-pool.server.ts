import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

// Worker threads that turn a job into PDF bytes (decision 0049): at most `size` at once, the rest
// wait in order. A thread is started on first need and kept (pdfkit and the fonts load once); an
// idle thread does not keep the process alive. A thread that dies fails its job only.

export type PdfJob<Input> = { id: number; input: Input };
export type PdfResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

type Pending = { job: PdfJob<unknown>; resolve: (pdf: Buffer) => void; reject: (error: Error) => void };
type Thread = { worker: Worker; job: Pending | null };

export class PdfRenderPool<Input = unknown> {
  private threads: Thread[] = [];
  private queue: Pending[] = [];
  private nextId = 1;
  private readonly size: number;
  private script: string;
  private readonly workerData: unknown;

  constructor(options: { size: number; script: string; workerData?: unknown }) {
    this.size = options.size;
    this.script = options.script;
    this.workerData = options.workerData;
  }

  /** The built worker's file, when the server runs from a build (server/app.ts). */
  switchToBuiltScript(file: string) {
    if (existsSync(file)) this.script = file;
  }

  /** The PDF the worker draws for `input`. */
  render(input: Input): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, input }, resolve, reject });
      this.dispatch();
    });
  }

  /** How many threads are running. */
  get threadCount() {
    return this.threads.length;
  }

  /** Ends the threads (the server's shutdown). */
  async close() {
    const threads = this.threads;
    this.threads = [];
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const idle = this.threads.find((thread) => !thread.job) ?? this.spawn();
      if (!idle) return;
      const pending = this.queue.shift()!;
      idle.job = pending;
      idle.worker.ref();
      idle.worker.postMessage(pending.job);
    }
  }

  private spawn(): Thread | null {
    if (this.threads.length >= this.size) return null;
    const worker = this.script.endsWith(".ts")
      ? // The sources: tsx compiles the worker and resolves "~/" as the rest of the app does.
        new Worker(
          `import("tsx/esm/api").then((tsx) => tsx.tsImport(${JSON.stringify(pathToFileURL(this.script).href)}, __filename));`,
          { eval: true, workerData: this.workerData },
        )
      : new Worker(this.script, { workerData: this.workerData });
    const thread: Thread = { worker, job: null };
    worker.on("message", (result: PdfResult) => {
      const pending = thread.job;
      thread.job = null;
      worker.unref();
      if (pending) {
        if ("error" in result) pending.reject(new Error(`PDF render failed: ${result.error}`));
        else pending.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
      }
      this.dispatch();
    });
    const fail = (error: Error) => {
      this.threads = this.threads.filter((other) => other !== thread);
      const pending = thread.job;
      thread.job = null;
      pending?.reject(error);
      this.dispatch();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`PDF worker stopped (exit code ${code})`)));
    this.threads.push(thread);
    return thread;
  }
}
