import type { Database } from "~/db/client.server";
import { logger } from "~/lib/logger.server";

// The newest store.version this instance knows of, per store (decision 0016). Database triggers
// bump store.version in the same transaction as any change the public page shows and NOTIFY every
// instance; this keeps the map current from that channel. The rendered-page cache and the public
// catalogue cache (decision 0009) trust an entry only while its version is the newest known one, and
// only while the listener is live: if it is lost, everything is forgotten until it is back.

export class StoreVersions {
  private known = new Map<string, number>();
  private resetHandlers = new Set<() => void>();
  private stopListening: (() => Promise<void>) | null = null;
  private live = false;
  /** How many newer versions have been heard or read: a load begun before a change can tell. */
  changes = 0;

  async start(database: Pick<Database, "listen">): Promise<void> {
    try {
      this.stopListening = await database.listen(
        "store_version",
        (payload) => this.notePayload(payload),
        () => this.lost(database),
      );
      this.live = true;
    } catch (error) {
      logger.error({ err: error }, "store versions: LISTEN failed; public pages are served uncached");
      this.live = false;
    }
  }

  async stop(): Promise<void> {
    this.forget();
    await this.stopListening?.().catch(() => undefined);
    this.stopListening = null;
  }

  /** True while every change is being heard: only then may a cache trust what it holds. */
  get isLive(): boolean {
    return this.live;
  }

  /** Called when the versions are forgotten (listener lost or stopped): caches drop everything. */
  onReset(handler: () => void): () => void {
    this.resetHandlers.add(handler);
    return () => this.resetHandlers.delete(handler);
  }

  newest(storeId: string): number | undefined {
    return this.known.get(storeId);
  }

  /** A version read from the database or heard on the channel; only ever moves forward. */
  note(storeId: string, version: number): void {
    if ((this.known.get(storeId) ?? 0) >= version) return;
    this.known.set(storeId, version);
    this.changes++;
  }

  /** "storeId:version" from the trigger's NOTIFY. */
  notePayload(payload: string): void {
    const [storeId, raw] = payload.split(":");
    const version = Number(raw);
    if (storeId && Number.isInteger(version)) this.note(storeId, version);
  }

  private lost(database: Pick<Database, "listen">) {
    // Changes made while nobody listened would go unnoticed: forget everything, reconnect.
    this.forget();
    setTimeout(() => void this.start(database), 1000).unref();
  }

  private forget() {
    this.live = false;
    this.changes++;
    this.known.clear();
    for (const handler of this.resetHandlers) handler();
  }
}
