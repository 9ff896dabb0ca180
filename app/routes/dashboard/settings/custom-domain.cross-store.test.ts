import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import {
  checkDomain,
  claimDomain,
  getStoreDomain,
  recordValue,
  systemTxtLookup,
} from "~/features/domains/domain.server";
import { startTestDnsServer, type TestDnsServer } from "~/features/domains/domains.test-support";
import {
  call,
  get,
  post,
  signedIn,
  startRouteDatabase,
  statusOf,
} from "../../../../tests/support/route-harness";
import { createTestStore } from "../../../../tests/support/test-db";
import * as storeRoute from "./store";

// Decision 0133: Settings → Store's domain forms act on the signed-in owner's store only; another
// store's verified domain can be neither added nor shown, whatever is posted.

let database: Database;
let dns: TestDnsServer;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
const PLATFORM = { rootDomain: "localhost", baseUrl: "http://localhost:3000" };
let theirDomain: string;

beforeAll(async () => {
  database = await startRouteDatabase();
  dns = await startTestDnsServer();
  process.env.DNS_SERVERS = dns.address;
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
  theirDomain = `ceni.${theirs.username}.mk`;
  const row = await claimDomain(database.db, theirs.storeId, theirDomain, PLATFORM);
  dns.records.set(`_vitrina.${theirDomain}`, [recordValue(row.token)]);
  await checkDomain(database.db, theirs.storeId, {
    now: new Date(),
    limited: false,
    lookup: systemTxtLookup(dns.address),
  });
});
afterAll(async () => {
  delete process.env.DNS_SERVERS;
  await dns?.close();
  await closeDatabase();
});

describe("the domain forms across stores", () => {
  it("act on my store only: their domain cannot be added, checked or removed from mine", async () => {
    const context = signedIn(mine.userId);
    const run = (fields: Record<string, string>) =>
      call<Response | { ok: boolean; errors?: Record<string, string> }>(storeRoute.action, {
        request: post("/dashboard/settings/store", fields),
        context,
        params: {},
      });
    const theirsBefore = JSON.stringify(await getStoreDomain(database.db, theirs.storeId));

    // Their verified domain: refused with the translated reason, under the field.
    const refused = (await run({
      intent: "domainClaim",
      domain: theirDomain,
      storeId: theirs.storeId,
    })) as unknown as {
      data: unknown;
      init: { status: number };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data).toMatchObject({ ok: false, errors: { domain: "errors:domainTaken" } });
    expect(await getStoreDomain(database.db, mine.storeId)).toBeNull();

    // Check and remove with their store id posted: my store has no domain, theirs is untouched.
    expect(await statusOf(() => run({ intent: "domainCheck", storeId: theirs.storeId }))).toBe(404);
    expect(await statusOf(() => run({ intent: "domainRemove", storeId: theirs.storeId }))).toBe(302);
    expect(JSON.stringify(await getStoreDomain(database.db, theirs.storeId))).toBe(theirsBefore);

    // My own domain, added and shown; their token never appears on my page.
    expect(await statusOf(() => run({ intent: "domainClaim", domain: `ceni.${mine.username}.mk` }))).toBe(
      302,
    );
    const page = await call<{ domain: { view: { domain: string; recordValue: string } | null } }>(
      storeRoute.loader,
      {
        request: get("/dashboard/settings/store"),
        context,
        params: {},
      },
    );
    expect(page.domain.view?.domain).toBe(`ceni.${mine.username}.mk`);
    const theirToken = (await getStoreDomain(database.db, theirs.storeId))!.token;
    expect(JSON.stringify(page)).not.toContain(theirToken);
    expect(JSON.stringify(page)).not.toContain(theirDomain);
  });
});
