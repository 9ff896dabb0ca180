import { getDb } from "~/db/db.server";
import { type ServedDomain, servedDomains } from "./domain.server";

// Decision 0133: the served domains, in memory, so that the raw-request fast path (synchronous) and every
// request's host check read a map instead of the database. Reloaded at most every RELOAD_MS by any
// request that finds it older, and at once after this process verifies or removes a domain; another
// instance learns of a change within RELOAD_MS.

const RELOAD_MS = 30_000;

export class DomainDirectory {
  private byHost = new Map<string, ServedDomain>();
  private byUsername = new Map<string, ServedDomain>();
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly load: () => Promise<ServedDomain[]>,
    private readonly reloadMs = RELOAD_MS,
    private readonly now = () => Date.now(),
  ) {}

  /** Whether the map was ever loaded (the fast path leaves a request to Express until it is). */
  get loaded(): boolean {
    return this.loadedAt !== Number.NEGATIVE_INFINITY;
  }

  /** Reloads when the map is older than reloadMs; concurrent callers share one load. */
  async fresh(): Promise<void> {
    if (this.now() - this.loadedAt < this.reloadMs) return;
    await this.reload();
  }

  reload(): Promise<void> {
    this.loading ??= this.load()
      .then((rows) => {
        this.byHost = new Map(rows.map((row) => [row.domain, row]));
        this.byUsername = new Map(rows.map((row) => [row.username, row]));
        this.loadedAt = this.now();
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /** The store served at this hostname (lowercase, no port), if any. */
  host(hostname: string): ServedDomain | undefined {
    return this.byHost.get(hostname);
  }

  /** The served domain of this store's username, if any. */
  ofUsername(username: string): ServedDomain | undefined {
    return this.byUsername.get(username);
  }
}

export const domainDirectory = new DomainDirectory(() => servedDomains(getDb()));

/**
 * A store's public address: https://its-domain when it has a served one, else {baseUrl}/{username}.
 * Canonical links, JSON-LD, the sitemap and feeds use it.
 */
export function storeAddress(username: string, baseUrl: string): string {
  const served = domainDirectory.ofUsername(username);
  return served ? domainOrigin(served.domain, baseUrl) : `${baseUrl}/${username}`;
}

/**
 * The origin a store's files name their images on: its served domain's, else the platform's. The
 * uploads are served on the domain as on the platform (server/host-routing.ts PASS_THROUGH).
 */
export function storeOrigin(username: string, baseUrl: string): string {
  const served = domainDirectory.ofUsername(username);
  return served ? domainOrigin(served.domain, baseUrl) : new URL(baseUrl).origin;
}

/** A store's own domain behind the platform's front, with the platform's scheme. */
export function domainOrigin(domain: string, baseUrl: string): string {
  return `${baseUrl.startsWith("https://") ? "https" : "http"}://${domain}`;
}
