import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { auditLog } from "~/db/schema/account-security";
import { apiToken } from "~/db/schema/api-tokens";
import { createApiStore } from "~/features/api/api.test-support";
import { hashToken } from "~/features/api/api-token.server";
import { call, post, signedIn, startRouteDatabase, statusOf } from "../../../../tests/support/route-harness";
import { createTestStore } from "../../../../tests/support/test-db";
import * as apiRoute from "./api";

// Settings → API with two stores. The owner sees and revokes only their own tokens; the
// other store's token id changes nothing; an owner whose address is not proven makes no token.

let database: Database;
let mine: Awaited<ReturnType<typeof createApiStore>>;
let theirs: Awaited<ReturnType<typeof createApiStore>>;

beforeAll(async () => {
  database = await startRouteDatabase();
  mine = await createApiStore(database);
  theirs = await createApiStore(database);
});
afterAll(async () => {
  await closeDatabase();
});

const tokensOf = (storeId: string) =>
  database.db.select().from(apiToken).where(eq(apiToken.storeId, storeId));

describe("Settings → API across stores", () => {
  it("creates a token shown once and stored only as its hash, audited", async () => {
    const answer = (await call(apiRoute.action, {
      request: post("/dashboard/settings/api", {
        intent: "create",
        name: "Каса 1",
        scopes: ["read", "write_prices"],
      }),
      context: signedIn(mine.userId),
      params: {},
    })) as { ok: boolean; secret: string };
    expect(answer.ok).toBe(true);
    expect(answer.secret).toMatch(/^vtr_[A-Za-z0-9_-]{43}$/);
    const [row] = await tokensOf(mine.storeId);
    expect(row!.tokenHash).toBe(hashToken(answer.secret));
    expect(JSON.stringify(row)).not.toContain(answer.secret);
    expect(row!.scopes).toEqual(["read", "write_prices"]);
    const loaded = (await call(apiRoute.loader, {
      request: new Request("http://localhost/dashboard/settings/api"),
      context: signedIn(mine.userId),
      params: {},
    })) as { tokens: unknown[] };
    expect(JSON.stringify(loaded)).not.toContain(answer.secret);
    expect(JSON.stringify(loaded)).not.toContain(row!.tokenHash);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.userId, mine.userId));
    expect(audit.map((entry) => entry.action)).toContain("api_token_created");
  });

  it("lists only the owner's tokens, and refuses another store's token id", async () => {
    await theirs.tokenOf(["read"], "Туѓ");
    const [their] = await tokensOf(theirs.storeId);
    const loaded = (await call(apiRoute.loader, {
      request: new Request("http://localhost/dashboard/settings/api"),
      context: signedIn(mine.userId),
      params: {},
    })) as { tokens: { id: string }[] };
    expect(loaded.tokens.map((token) => token.id)).not.toContain(their!.id);

    const status = await statusOf(() =>
      call(apiRoute.action, {
        request: post("/dashboard/settings/api", { intent: "revoke", tokenId: their!.id }),
        context: signedIn(mine.userId),
        params: {},
      }),
    );
    expect(status).toBe(302);
    const [after] = await tokensOf(theirs.storeId);
    expect(after!.revokedAt).toBeNull();

    const [own] = await tokensOf(mine.storeId);
    await call(apiRoute.action, {
      request: post("/dashboard/settings/api", { intent: "revoke", tokenId: own!.id }),
      context: signedIn(mine.userId),
      params: {},
    });
    expect((await tokensOf(mine.storeId))[0]!.revokedAt).not.toBeNull();
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.userId, mine.userId));
    expect(audit.map((entry) => entry.action)).toContain("api_token_revoked");
  });

  it("refuses a token to an owner whose e-mail is not verified, and to an admin acting as the owner", async () => {
    const unverified = await createTestStore(database);
    const answer = await statusOf(() =>
      call(apiRoute.action, {
        request: post("/dashboard/settings/api", { intent: "create", name: "x", scopes: ["read"] }),
        context: signedIn(unverified.userId),
        params: {},
      }),
    );
    expect(answer).toBe(403);
    expect(await tokensOf(unverified.storeId)).toEqual([]);

    const impersonated = signedIn(mine.userId);
    const { sessionContext } = await import("~/auth/session.server");
    impersonated.set(sessionContext, { ...impersonated.get(sessionContext)!, impersonatedBy: "admin-id" });
    const before = (await tokensOf(mine.storeId)).length;
    expect(
      await statusOf(() =>
        call(apiRoute.action, {
          request: post("/dashboard/settings/api", { intent: "create", name: "x", scopes: ["read"] }),
          context: impersonated,
          params: {},
        }),
      ),
    ).toBe(403);
    expect(await tokensOf(mine.storeId)).toHaveLength(before);
  });

  it("refuses a token without a name or scopes, with field errors", async () => {
    const answer = (await call(apiRoute.action, {
      request: post("/dashboard/settings/api", { intent: "create", name: " " }),
      context: signedIn(mine.userId),
      params: {},
    })) as { data: { errors: Record<string, string> } };
    expect(answer.data.errors).toEqual({ name: "validation:required", scopes: "api:tokens.scopesRequired" });
  });
});
