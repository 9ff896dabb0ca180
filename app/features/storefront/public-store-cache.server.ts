import type { Queryable } from "~/db/client.server";
import { getPublicStore } from "~/features/stores/public-store.server";
import type { Store } from "~/features/stores/store.server";
import type { StoreVersions } from "./store-versions.server";

// Decision 0100: the public store behind a feed or a PDF, held in memory between
// changes, so a file that is already built is answered without any query. On PGlite every query
// waits for a transaction in progress: during a 20,000-row import each request for prices.json,
// prices.csv or the PDF waited for the import to commit (the soak's timeouts). Trusted exactly like
// the page and catalogue caches (decision 0016): only while the listener is live and the row's
// store.version is the newest one heard; any change to the store row (username, visibility) moves
// that version. Only public stores are held; any other answer is read again next time.
// Decision 0108: small values read for a public page of the store (the /prices page's archived days
// and points of sale) are held with it, built once per version and dropped with it.

const MAX_STORES = 5_000;

type Held = { store: Store; derived: Map<string, Promise<unknown>> };

export class PublicStoreCache {
  private entries = new Map<string, Held>();
  hits = 0;

  constructor(
    private readonly versions: StoreVersions,
    private readonly maxStores = MAX_STORES,
  ) {
    versions.onReset(() => this.entries.clear());
  }

  /** The public store with this username (null when none may be seen), from memory when current. */
  async get(db: Queryable, name: string): Promise<Store | null> {
    return (await this.lookup(db, name))?.store ?? null;
  }

  /**
   * The public store and a value built from it (`kind` names it), both from memory while the
   * store's version is current: built once per version, simultaneous requests sharing the build,
   * and forgotten with the store's entry when its version moves. Only for small values (they are
   * held for up to 5,000 stores) that change only with the store's version.
   */
  async withDerived<T>(
    db: Queryable,
    name: string,
    kind: string,
    build: (store: Store) => Promise<T>,
  ): Promise<{ store: Store; value: T } | null> {
    const found = await this.lookup(db, name);
    if (!found) return null;
    const { store, held } = found;
    if (!held) return { store, value: await build(store) };
    let pending = held.derived.get(kind) as Promise<T> | undefined;
    if (!pending) {
      const building = build(store);
      pending = building;
      held.derived.set(kind, building);
      // A failed build is not kept: the next request tries again.
      building.catch(() => {
        if (held.derived.get(kind) === building) held.derived.delete(kind);
      });
    }
    return { store, value: await pending };
  }

  /** The store, with its entry when it is held (current and trusted). */
  private async lookup(db: Queryable, name: string): Promise<{ store: Store; held: Held | null } | null> {
    const username = name.toLowerCase();
    const held = this.entries.get(username);
    if (held) {
      this.entries.delete(username);
      if (this.versions.isLive && this.versions.newest(held.store.id) === held.store.version) {
        this.hits++;
        // Most recently used last: the first entry is the one to evict.
        this.entries.set(username, held);
        return { store: held.store, held };
      }
    }
    const row = await getPublicStore(db, username);
    if (!row) return null;
    if (!this.versions.isLive) return { store: row, held: null };
    this.versions.note(row.id, row.version);
    // A newer version heard meanwhile: this row may be stale, so it is not kept.
    if (this.versions.newest(row.id) !== row.version) return { store: row, held: null };
    while (this.entries.size >= this.maxStores) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    const entry: Held = { store: row, derived: new Map() };
    this.entries.set(username, entry);
    return { store: row, held: entry };
  }
}
