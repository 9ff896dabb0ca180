import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { store } from "~/db/schema/stores";
import { setEmbedOrigins } from "~/features/embed/embed-origins.server";
import { getServerI18n } from "~/i18n/i18n.server";
import { call, get, post, signedIn, startRouteDatabase } from "../../../../tests/support/route-harness";
import { createTestStore } from "../../../../tests/support/test-db";
import * as storeRoute from "./store";

// Settings → Store, the websites that may frame the embedded list (decision 0136): saved normalized
// for the signed-in owner's store only; anything but an https origin is refused with its message.

let database: Database;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;

async function originsOf(storeId: string) {
  const [row] = await database.db
    .select({ origins: store.embedOrigins, version: store.version })
    .from(store)
    .where(eq(store.id, storeId));
  return row!;
}

type Failure = {
  data: {
    ok: false;
    intent: string;
    errors: Record<string, string>;
    params?: Record<string, string | number>;
  };
};

const save = (fields: Record<string, string>) =>
  call<Response | Failure>(storeRoute.action, {
    request: post("/dashboard/settings/store", { intent: "embedOrigins", ...fields }),
    context: signedIn(mine.userId),
    params: {},
  });

beforeAll(async () => {
  database = await startRouteDatabase();
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
  await setEmbedOrigins(theirs.ctx, "https://theirs.mk");
});
afterAll(async () => {
  await closeDatabase();
});

describe("the embed origins in settings", () => {
  it("saves my store's list normalized, and shows it with the snippet and the preview", async () => {
    const answer = await save({ embedOrigins: "Marketana.mk/\nhttps://www.marketana.mk/ceni" });
    expect((answer as Response).status).toBe(302);
    expect((await originsOf(mine.storeId)).origins).toEqual([
      "https://marketana.mk",
      "https://www.marketana.mk",
    ]);
    const page = (await call(storeRoute.loader, {
      request: get("/dashboard/settings/store"),
      context: signedIn(mine.userId),
      params: {},
    })) as { embed: { origins: string[]; embedUrl: string; previewUrl: string } };
    expect(page.embed.origins).toEqual(["https://marketana.mk", "https://www.marketana.mk"]);
    expect(page.embed.embedUrl).toMatch(new RegExp(`/${mine.username}/embed$`));
    expect(page.embed.previewUrl).toBe(`/${mine.username}/embed?preview=1`);
    // Cleared: nothing may frame it again.
    expect(((await save({ embedOrigins: "" })) as Response).status).toBe(302);
    expect((await originsOf(mine.storeId)).origins).toEqual([]);
  });

  it("refuses anything but https origins with a translated message, and keeps what was saved", async () => {
    await save({ embedOrigins: "https://marketana.mk" });
    for (const [typed, code] of [
      ["http://marketana.mk", "embedOriginNotHttps"],
      ["https://marketana.mk\n*.marketana.mk", "embedOriginInvalid"],
      ["'self'", "embedOriginInvalid"],
      [Array.from({ length: 11 }, (_, i) => `https://s${i}.mk`).join("\n"), "embedOriginsTooMany"],
    ] as const) {
      const answer = (await save({ embedOrigins: typed })) as Failure;
      expect(answer.data.ok).toBe(false);
      expect(answer.data.intent).toBe("embedOrigins");
      expect(answer.data.errors.embedOrigins).toBe(`errors:${code}`);
      for (const locale of ["mk", "en", "sq"] as const) {
        const message = getServerI18n(locale).t(answer.data.errors.embedOrigins!, answer.data.params);
        expect(message).not.toContain("errors:");
        expect(message).not.toContain("{{");
      }
    }
    expect((await originsOf(mine.storeId)).origins).toEqual(["https://marketana.mk"]);
  });

  it("another store's id posted changes nothing of theirs", async () => {
    const before = await originsOf(theirs.storeId);
    const answer = await save({ embedOrigins: "https://evil.example.com", storeId: theirs.storeId });
    expect((answer as Response).status).toBe(302);
    expect(await originsOf(theirs.storeId)).toEqual(before);
    expect(before.origins).toEqual(["https://theirs.mk"]);
    // Mine got it: the store is the session's, whatever the form says.
    expect((await originsOf(mine.storeId)).origins).toEqual(["https://evil.example.com"]);
    // Their settings page is not mine to read.
    const page = (await call(storeRoute.loader, {
      request: get("/dashboard/settings/store"),
      context: signedIn(mine.userId),
      params: {},
    })) as { embed: { origins: string[] } };
    expect(page.embed.origins).toEqual(["https://evil.example.com"]);
  });
});
