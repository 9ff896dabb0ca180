import type { Store } from "~/features/stores/store.server";
import type { Locale } from "~/i18n/config";
import { skopjeDay } from "~/lib/calendar";

// /{username}/price-list.pdf was rendered on every request (170–550 ms for 70
// products, no login needed). Like the feeds, a store's PDF is now built once per store version, and
// also per language and Skopje day (the "confirmed today" line turns into "last confirmed" at
// midnight). store.version moves with every change the list shows (decision 0016), so an entry
// is never stale; concurrent requests for a PDF not yet built share one rendering (decision 0022).
// Decision 0100: while a new version is drawn, a request waits for it at most a second;
// after that it gets the version before (same language and day: one consistent list, its own ETag)
// until the new one is ready. A 20,000-product list takes tens of seconds to draw on a busy machine,
// and every visitor of the soak waited that long after each write.

export type CachedPdf = { pdf: Buffer; etag: string; builtAt: Date };

type Entry = CachedPdf & { version: number; day: string };

/** Bounds what the cache holds: a 5,000-product list is about 0.9 MB (docs/performance.md). */
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_ENTRIES = 1_500;
/** How long a request waits for a new version's PDF before it is given the previous one. */
const STALE_AFTER_MS = 1_000;

export class PriceListPdfCache {
  private entries = new Map<string, Entry>();
  private building = new Map<string, Promise<Entry>>();
  private bytes = 0;
  renders = 0;

  constructor(
    private readonly maxBytes = MAX_BYTES,
    private readonly staleAfterMs = STALE_AFTER_MS,
  ) {}

  /** The store's PDF in this language for its current version, built by `render` when it must be. */
  async get(
    store: Pick<Store, "id" | "version">,
    locale: Locale,
    now: Date,
    render: () => Promise<Buffer>,
  ): Promise<CachedPdf> {
    const slot = `${store.id}|${locale}`;
    const day = skopjeDay(now);
    const held = this.entries.get(slot);
    if (held && held.version === store.version && held.day === day) {
      // Most recently used last: the first entry is the one to evict.
      this.entries.delete(slot);
      this.entries.set(slot, held);
      return held;
    }
    const key = `${slot}|${store.version}|${day}`;
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.build(store, locale, day, now, render)
        .then((entry) => {
          this.keep(slot, entry, day);
          return entry;
        })
        .finally(() => this.building.delete(key));
      // Stored when it is done even if every request was given the previous version meanwhile.
      pending.catch(() => undefined);
      this.building.set(key, pending);
    }
    if (!held || held.day !== day || held.version > store.version) return pending;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.staleAfterMs);
    });
    const fresh = await Promise.race([pending, late]).finally(() => clearTimeout(timer));
    return fresh ?? held;
  }

  /** Stores a built entry unless a newer version was stored while it was built. */
  private keep(slot: string, entry: Entry, day: string) {
    const current = this.entries.get(slot);
    if (
      !current ||
      current.version < entry.version ||
      (current.version === entry.version && current.day !== day)
    )
      this.put(slot, entry);
  }

  private async build(
    store: Pick<Store, "id" | "version">,
    locale: Locale,
    day: string,
    now: Date,
    render: () => Promise<Buffer>,
  ): Promise<Entry> {
    this.renders++;
    const pdf = await render();
    return {
      pdf,
      etag: `"${store.id.slice(0, 8)}-${store.version}-${locale}-${day}"`,
      builtAt: now,
      version: store.version,
      day,
    };
  }

  private put(slot: string, entry: Entry) {
    const old = this.entries.get(slot);
    if (old) {
      this.entries.delete(slot);
      this.bytes -= old.pdf.length;
    }
    if (entry.pdf.length > this.maxBytes) return;
    while (this.entries.size >= MAX_ENTRIES || this.bytes + entry.pdf.length > this.maxBytes) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.entries.delete(oldest[0]);
      this.bytes -= oldest[1].pdf.length;
    }
    this.entries.set(slot, entry);
    this.bytes += entry.pdf.length;
  }
}

/** The process's one cache of price-list PDFs. */
export const priceListPdfCache = new PriceListPdfCache();
