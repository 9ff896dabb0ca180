import type { Store } from "~/features/stores/store.server";
import type { Locale } from "~/i18n/config";
import { skopjeDay } from "~/lib/calendar";

// /{username}/price-list.pdf was rendered on every request (170–550 ms for 70
// products, no login needed). Like the feeds, a store's PDF is now built once per store version, and
// also per language and Skopje day (the "confirmed today" line turns into "last confirmed" at
// midnight). store.version moves with every change the list shows (decision 0016), so an entry
// is never stale; concurrent requests for a PDF not yet built share one rendering (decision 0022).
// Decision 0129 (replacing 0100's one-second wait): a request for a version not yet drawn waits
// for it, however long the drawing takes. An inspector must never be given a superseded price
// under today's date. The version before is handed out only when the new drawing has failed, and
// then marked `superseded`, so the route says so instead of passing it off as the current list.

export type CachedPdf = { pdf: Buffer; etag: string; builtAt: Date };

/** What the cache answers: the current version, or (only when its drawing failed) the one before. */
export type ServedPdf = CachedPdf & { superseded: boolean };

type Entry = CachedPdf & { version: number; day: string };

/** Bounds what the cache holds: a 5,000-product list is about 0.9 MB (docs/performance.md). */
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_ENTRIES = 1_500;

export class PriceListPdfCache {
  private entries = new Map<string, Entry>();
  private building = new Map<string, Promise<Entry>>();
  private bytes = 0;
  renders = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /**
   * The store's PDF in this language for its current version, built by `render` when it must be.
   * When that drawing fails, the same day's previous version is answered marked `superseded`
   * (never silently); with none, the failure is thrown.
   */
  async get(
    store: Pick<Store, "id" | "version">,
    locale: Locale,
    now: Date,
    render: () => Promise<Buffer>,
  ): Promise<ServedPdf> {
    const slot = `${store.id}|${locale}`;
    const day = skopjeDay(now);
    const held = this.entries.get(slot);
    if (held && held.version === store.version && held.day === day) {
      // Most recently used last: the first entry is the one to evict.
      this.entries.delete(slot);
      this.entries.set(slot, held);
      return { ...held, superseded: false };
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
      this.building.set(key, pending);
    }
    try {
      return { ...(await pending), superseded: false };
    } catch (error) {
      // A previous day's PDF is never answered: its "confirmed today" line would be false.
      if (held && held.day === day && held.version < store.version) return { ...held, superseded: true };
      throw error;
    }
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
