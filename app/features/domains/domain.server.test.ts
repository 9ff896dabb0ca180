import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeDomain } from "~/db/schema/domains";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import {
  checkDomain,
  claimDomain,
  getStoreDomain,
  recheckDomains,
  recordValue,
  removeDomain,
  servedDomains,
  systemTxtLookup,
} from "./domain.server";
import { DomainDirectory } from "./domain-directory.server";
import { normalizeDomain } from "./domain-name.server";
import { startTestDnsServer, type TestDnsServer } from "./domains.test-support";

// Decision 0133: a domain is served only once the TXT record `_vitrina.<domain>` carries the store's
// token, looked up through Node's resolver pointed (as DNS_SERVERS does) at a DNS server on loopback.

const database = databaseForThisFile();
const PLATFORM = { rootDomain: "vitrina.mk", baseUrl: "https://vitrina.mk" };
const NOW = new Date("2026-11-27T10:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

let dns: TestDnsServer;
let savedServers: string | undefined;
beforeAll(async () => {
  dns = await startTestDnsServer();
  savedServers = process.env.DNS_SERVERS;
  process.env.DNS_SERVERS = dns.address;
});
afterAll(async () => {
  process.env.DNS_SERVERS = savedServers;
  if (savedServers === undefined) delete process.env.DNS_SERVERS;
  await dns?.close();
});

/** A name no other test (or earlier run on the same PostgreSQL database) used. */
const fresh = (label = "ceni") => `${label}.t${randomUUID().slice(0, 8)}.mk`;

/** Publishes the store's record at the local DNS server. */
async function publish(storeId: string) {
  const row = (await getStoreDomain(database.db, storeId))!;
  dns.records.set(`_vitrina.${row.domain}`, [recordValue(row.token)]);
  return row;
}

describe("what an owner may name as the store's domain", () => {
  it("takes a hostname, lowercase, IDN as punycode, and nothing of the platform's or an IP", () => {
    expect(normalizeDomain("Ceni.Marketana.MK", PLATFORM)).toEqual({ domain: "ceni.marketana.mk" });
    expect(normalizeDomain(" https://ceni.marketana.mk/ ", PLATFORM)).toEqual({
      domain: "ceni.marketana.mk",
    });
    expect(normalizeDomain("маркет.мкд", PLATFORM)).toEqual({ domain: "xn--80akogvo.xn--d1alf" });
    expect(normalizeDomain("marketana.mk.", PLATFORM)).toEqual({ domain: "marketana.mk" });
    for (const bad of [
      "",
      "marketana",
      "1.2.3.4",
      "::1",
      "[::1]",
      "ceni..mk",
      "-a.mk",
      "a b.mk",
      "a.mk:8080",
      "user@a.mk",
      "a_b.mk",
    ]) {
      expect(normalizeDomain(bad, PLATFORM), bad).toEqual({ problem: "domainInvalid" });
    }
    for (const ours of ["vitrina.mk", "demo.vitrina.mk", "VITRINA.MK"]) {
      expect(normalizeDomain(ours, PLATFORM), ours).toEqual({ problem: "domainPlatform" });
    }
    expect(
      normalizeDomain("app.example.com", { rootDomain: "vitrina.mk", baseUrl: "https://app.example.com" }),
    ).toEqual({
      problem: "domainPlatform",
    });
  });
});

describe("verifying a domain through DNS", () => {
  it("verifies with the right token, not with a wrong or missing record", async () => {
    const shop = await createTestStore(database);
    const domain = fresh();
    const row = await claimDomain(database.db, shop.storeId, domain.toUpperCase(), PLATFORM);
    expect(row.domain).toBe(domain);
    expect(row.verifiedAt).toBeNull();

    // No record at all.
    let result = await checkDomain(database.db, shop.storeId, { now: NOW, limited: false });
    expect(result.found).toBe(false);
    expect(result.row.verifiedAt).toBeNull();
    expect(result.row.checkedAt).toEqual(NOW);

    // A record with another token.
    dns.records.set(`_vitrina.${domain}`, [recordValue("0".repeat(32)), "v=spf1 -all"]);
    result = await checkDomain(database.db, shop.storeId, { now: NOW, limited: false });
    expect(result.found).toBe(false);
    expect(await servedDomains(database.db)).not.toContainEqual(expect.objectContaining({ domain }));

    // The store's own token.
    await publish(shop.storeId);
    result = await checkDomain(database.db, shop.storeId, { now: NOW, limited: false });
    expect(result.found).toBe(true);
    expect(result.row.verifiedAt).toEqual(NOW);
    expect(await servedDomains(database.db)).toContainEqual({
      domain,
      storeId: shop.storeId,
      username: shop.username,
    });
  });

  it("reads DNS_SERVERS: the same record is not found through another resolver", async () => {
    const shop = await createTestStore(database);
    await claimDomain(database.db, shop.storeId, fresh(), PLATFORM);
    const row = await publish(shop.storeId);
    expect(await systemTxtLookup(dns.address)(`_vitrina.${row.domain}`)).toEqual([recordValue(row.token)]);
    // A server that answers nothing: the lookup fails, and the check says so instead of verifying.
    await expect(
      checkDomain(database.db, shop.storeId, {
        now: NOW,
        limited: false,
        lookup: systemTxtLookup("127.0.0.1:9"),
      }),
    ).rejects.toMatchObject({ code: "domainLookupFailed" });
    expect((await getStoreDomain(database.db, shop.storeId))?.verifiedAt).toBeNull();
  });

  it("limits how often one store may check", async () => {
    const shop = await createTestStore(database);
    await claimDomain(database.db, shop.storeId, fresh(), PLATFORM);
    for (let i = 0; i < 6; i++) await checkDomain(database.db, shop.storeId, { now: NOW });
    await expect(checkDomain(database.db, shop.storeId, { now: NOW })).rejects.toMatchObject({
      code: "rateLimited",
    });
    // Another store's checks are its own.
    const other = await createTestStore(database);
    await claimDomain(database.db, other.storeId, fresh(), PLATFORM);
    await expect(checkDomain(database.db, other.storeId, { now: NOW })).resolves.toMatchObject({
      found: false,
    });
  });
});

describe("one domain, one store", () => {
  it("a domain verified by store A cannot be added or verified by store B, and never serves B", async () => {
    const a = await createTestStore(database);
    const b = await createTestStore(database);
    const domain = fresh();
    await claimDomain(database.db, a.storeId, domain, PLATFORM);
    // B may name it while nobody has proven it…
    await claimDomain(database.db, b.storeId, domain, PLATFORM);
    await publish(a.storeId);
    expect((await checkDomain(database.db, a.storeId, { now: NOW, limited: false })).found).toBe(true);
    // …but B's token is not in the record, so B is not verified.
    expect((await checkDomain(database.db, b.storeId, { now: NOW, limited: false })).found).toBe(false);
    // Even with B's token published beside A's, A keeps it.
    const bRow = (await getStoreDomain(database.db, b.storeId))!;
    dns.records.get(`_vitrina.${domain}`)!.push(recordValue(bRow.token));
    await expect(checkDomain(database.db, b.storeId, { now: NOW, limited: false })).rejects.toMatchObject({
      code: "domainTaken",
    });
    // A third store cannot even add it now.
    const c = await createTestStore(database);
    await expect(claimDomain(database.db, c.storeId, domain, PLATFORM)).rejects.toMatchObject({
      code: "domainTaken",
      fields: { domain: "errors:domainTaken" },
    });
    const directory = new DomainDirectory(() => servedDomains(database.db));
    await directory.reload();
    expect(directory.host(domain)?.storeId).toBe(a.storeId);
    expect(directory.ofUsername(b.username)).toBeUndefined();

    // A removes it; B proves it with its own token and from then on it is B's alone.
    await removeDomain(database.db, a.storeId);
    dns.records.set(`_vitrina.${domain}`, [recordValue(bRow.token)]);
    expect((await checkDomain(database.db, b.storeId, { now: NOW, limited: false })).found).toBe(true);
    await directory.reload();
    expect(directory.host(domain)?.storeId).toBe(b.storeId);
    expect(directory.ofUsername(a.username)).toBeUndefined();
  });

  it("the database itself refuses a second verified claim", async () => {
    const a = await createTestStore(database);
    const b = await createTestStore(database);
    const domain = fresh();
    await database.db.insert(storeDomain).values({ storeId: a.storeId, domain, token: "a", verifiedAt: NOW });
    await expect(
      database.db.insert(storeDomain).values({ storeId: b.storeId, domain, token: "b", verifiedAt: NOW }),
    ).rejects.toThrow();
  });
});

describe("the daily check", () => {
  it("keeps a domain whose record is there, and stops serving one 7 days without it", async () => {
    const kept = await createTestStore(database);
    const lapsing = await createTestStore(database);
    await claimDomain(database.db, kept.storeId, fresh(), PLATFORM);
    await claimDomain(database.db, lapsing.storeId, fresh(), PLATFORM);
    await publish(kept.storeId);
    const lapsingRow = await publish(lapsing.storeId);
    await checkDomain(database.db, kept.storeId, { now: NOW, limited: false });
    await checkDomain(database.db, lapsing.storeId, { now: NOW, limited: false });
    dns.records.delete(`_vitrina.${lapsingRow.domain}`);

    // Six days without the record: still served.
    await recheckDomains(database.db, new Date(NOW.getTime() + 6 * DAY));
    expect((await getStoreDomain(database.db, lapsing.storeId))?.verifiedAt).toEqual(NOW);
    // The seventh: no longer served, free for another store to prove.
    await recheckDomains(database.db, new Date(NOW.getTime() + 7 * DAY));
    expect((await getStoreDomain(database.db, lapsing.storeId))?.verifiedAt).toBeNull();
    const keptRow = await database.db.select().from(storeDomain).where(eq(storeDomain.storeId, kept.storeId));
    expect(keptRow[0]?.verifiedAt).toEqual(NOW);
    expect(keptRow[0]?.lastSeenAt).toEqual(new Date(NOW.getTime() + 7 * DAY));
    const served = (await servedDomains(database.db)).map((row) => row.storeId);
    expect(served).toContain(kept.storeId);
    expect(served).not.toContain(lapsing.storeId);
  });
});
