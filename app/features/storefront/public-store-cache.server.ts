import type { Queryable } from "~/db/client.server";
import { getPublicStore } from "~/features/stores/public-store.server";
import type { Store } from "~/features/stores/store.server";
import type { StoreVersions } from "./store-versions.server";

// Issue 20 "Load" (decision 0100): the public store behind a feed or a PDF, held in memory between
// changes, so a file that is already built is answered without any query. On PGlite every query
// waits for a transaction in progress: during a 20,000-row import each request for prices.json,
// prices.csv or the PDF waited for the import to commit (the soak's timeouts). Trusted exactly like
// the page and catalogue caches (decision 0016): only while the listener is live and the row's
// store.version is the newest one heard; any change to the store row (username, visibility) moves
// that version. Only public stores are held; any other answer is read again next time.

const MAX_STORES = 5_000;

export class PublicStoreCache {
  private entries = new Map<string, Store>();
  hits = 0;

  constructor(
    private readonly versions: StoreVersions,
    private readonly maxStores = MAX_STORES,
  ) {
    versions.onReset(() => this.entries.clear());
  }

  /** The public store with this username (null when none may be seen), from memory when current. */
  async get(db: Queryable, name: string): Promise<Store | null> {
    const username = name.toLowerCase();
    const held = this.entries.get(username);
    if (held) {
      this.entries.delete(username);
      if (this.versions.isLive && this.versions.newest(held.id) === held.version) {
        this.hits++;
        // Most recently used last: the first entry is the one to evict.
        this.entries.set(username, held);
        return held;
      }
    }
    const row = await getPublicStore(db, username);
    if (!row || !this.versions.isLive) return row;
    this.versions.note(row.id, row.version);
    // A newer version heard meanwhile: this row may be stale, so it is not kept.
    if (this.versions.newest(row.id) !== row.version) return row;
    while (this.entries.size >= this.maxStores) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(username, row);
    return row;
  }
}
