import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { product as productTable } from "~/db/schema/catalog";
import { productReport } from "~/db/schema/compliance";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { post, startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import { action } from "./store-page";

// A visitor's report from the public page, when the product is gone by the time it is sent.

vi.mock("~/mail/mailer.server", () => ({ sendMail: async () => {} }));

type Args = Parameters<typeof action>[0];
const call = (request: Request, username: string) =>
  action({ request, params: { username }, context: {} } as unknown as Args);

let database: Database;
beforeAll(async () => {
  database = await startRouteDatabase();
});
afterAll(async () => {
  await closeDatabase();
});

describe("reporting a product from the public page", () => {
  it("says in the dialog that a product taken off the list can no longer be reported", async () => {
    const shop = await createTestStore(database);
    const milk = await createProduct(shop.ctx, productInput({ name: "Млеко", price: "60" }));
    await database.db.update(productTable).set({ status: "inactive" }).where(eq(productTable.id, milk.id));
    const request = () =>
      post(`/${shop.username}`, { productId: milk.id, reasons: "price", description: "", website: "" });

    expect(await statusOf(() => call(request(), shop.username))).toBe(404);
    const answer = (await call(request(), shop.username)) as { data: unknown };
    // What the visitor chose comes back with the message: the dialog is a plain form (decision 0128).
    expect(answer.data).toEqual({
      ok: false,
      errors: { form: "compliance:report.productGone" },
      values: { reasons: "price", description: "" },
    });
    const stored = await database.db.select().from(productReport).where(eq(productReport.productId, milk.id));
    expect(stored).toEqual([]);
  });
});
