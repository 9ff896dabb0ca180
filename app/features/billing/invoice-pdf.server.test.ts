import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { store } from "~/db/schema/stores";
import { suggestionOf } from "~/features/address/address.server";
import { taxNumberSchema } from "~/features/stores/store.schema";
import { getStoreByUsername } from "~/features/stores/store.server";
import { LOCALES } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { resources } from "~/i18n/resources";
import * as invoiceRoute from "~/routes/dashboard/payment-invoice";
import * as onboardingRoute from "~/routes/onboarding/onboarding";
import { call, get, post, signedIn, startRouteDatabase } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import { vatIncluded } from "./invoice-pdf.server";
import { choosePlan } from "./payment.server";

// The pro-forma invoice a business books: the buyer's tax number (ЕДБ), asked in onboarding
// step 3, is printed on it, the amount says it includes VAT, and the owner's and the admin's
// pages call the document by one name.

let database: Database;
beforeAll(async () => {
  database = await startRouteDatabase();
});
afterAll(async () => {
  await closeDatabase();
});

const ADDRESS = {
  placeId: "embedded:s-tetovo",
  place: { mk: "Тетово", latin: "Tetovo", sq: "Tetovë" },
  postalCode: "1200",
  street: "ул. Илинденска 12",
  source: "embedded" as const,
};

const companyStep = (userId: string, taxNumber: string) =>
  onboardingRoute.action({
    request: post("/onboarding", {
      intent: "company",
      companyName: "Маркет Тест ДООЕЛ",
      taxNumber,
      addressSuggestion: JSON.stringify(suggestionOf(ADDRESS)),
      street: "ул. Илинденска 12",
      logoKey: "",
    }),
    context: signedIn(userId),
    params: {},
  } as never);

const pdfText = async (response: Response) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "invoice-")), "invoice.pdf");
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
};

describe("the buyer's tax number (ЕДБ)", () => {
  it("is 13 digits; spaces and the VAT form's MK are dropped; anything else is refused in words", () => {
    expect(taxNumberSchema.parse("4030990123456")).toBe("4030990123456");
    expect(taxNumberSchema.parse(" MK 4030 9901 23456 ")).toBe("4030990123456");
    expect(taxNumberSchema.parse("")).toBeNull();
    const problem = (value: string) => taxNumberSchema.safeParse(value).error?.issues[0]?.message;
    expect(problem("403099012345")).toBe("validation:taxNumberLength");
    expect(problem("40309901234567")).toBe("validation:taxNumberLength");
    expect(problem("40309901A3456")).toBe("validation:taxNumberDigits");
    for (const locale of LOCALES)
      for (const key of ["validation:taxNumberLength", "validation:taxNumberDigits"]) {
        const text = getFixedT(locale)(key);
        expect(text).not.toBe(key);
        expect(text).toContain("13");
      }
  });

  it("is asked in onboarding step 3: a wrong one is refused on its field, a right one is kept", async () => {
    const shop = await createTestStore(database, { onboardingStep: 3 });
    const refused = (await companyStep(shop.userId, "12345")) as { data?: unknown };
    expect(refused.data).toMatchObject({ ok: false, errors: { taxNumber: "validation:taxNumberLength" } });
    const [before] = await database.db.select().from(store).where(eq(store.id, shop.storeId));
    expect(before?.taxNumber).toBeNull();

    await companyStep(shop.userId, "4030 990 123456");
    const [after] = await database.db.select().from(store).where(eq(store.id, shop.storeId));
    expect(after?.taxNumber).toBe("4030990123456");
    expect(after?.onboardingStep).toBe(4);
  });
});

describe("the tax number stays private", () => {
  it("is not read by the public pages' role, whose store reads still work", async () => {
    const shop = await createTestStore(database);
    await database.db.update(store).set({ taxNumber: "4030990123456" }).where(eq(store.id, shop.storeId));
    const seen = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role vitrina_public`);
      return getStoreByUsername(tx as never, shop.username);
    });
    expect(seen?.id).toBe(shop.storeId);
    expect(seen?.taxNumber).toBeNull();
  });
});

describe("the pro-forma invoice", () => {
  it("prints the buyer's ЕДБ and says the amount includes VAT, with the net amount and the VAT", async () => {
    const shop = await createTestStore(database, { trialEndsAt: new Date("2026-12-20T10:00:00Z") });
    await database.db.update(store).set({ taxNumber: "4030990123456" }).where(eq(store.id, shop.storeId));
    const chosen = await choosePlan(
      shop.ctx,
      { plan: "monthly", method: "bank_transfer" },
      new Date("2026-12-01T09:00:00Z"),
    );
    const response = (await call(invoiceRoute.loader, {
      request: get(`/dashboard/payment/invoice/${chosen.paymentId}`),
      context: signedIn(shop.userId),
      params: { paymentId: chosen.paymentId },
    })) as Response;
    const text = await pdfText(response);
    expect(text).toContain("Профактура");
    expect(text).toContain("ЕДБ: 4030990123456");
    expect(text).toMatch(/со вклучен ДДВ од 18 %/);
    // 1.200,00 ден. = 1.016,95 + 183,05
    expect(text).toContain("1.016,95");
    expect(text).toContain("183,05 ден.");
    expect(text).not.toContain("ден..");
  });

  it("splits a VAT-inclusive amount into net and VAT that add up", () => {
    expect(vatIncluded(120_000)).toEqual({ base: 101_695, vat: 18_305 });
    expect(vatIncluded(1_000_000)).toEqual({ base: 847_458, vat: 152_542 });
  });

  it("has one name in the owner's and the admin's pages, in every language", () => {
    for (const locale of LOCALES) {
      const billing = resources[locale].billing as Record<string, Record<string, string>>;
      const admin = resources[locale].admin as Record<string, Record<string, string>>;
      const name = billing.invoice!.title!.replace("{{reference}}", "").trim();
      // The word that tells it apart from a tax invoice (Albanian declines "faturë").
      const marker = { mk: "профактур", en: "pro-forma invoice", sq: "proforma" }[locale];
      expect(name.toLowerCase()).toContain(marker);
      const named = (text: string) => text.toLowerCase().includes(marker);
      expect(named(admin.transactions!.invoice!), `${locale} admin`).toBe(true);
      expect(named(admin.transactions!.invoiceLabel!), `${locale} admin label`).toBe(true);
      expect(billing.history!.invoice, `${locale} history`).toBe(name);
      expect(named(billing.pending!.download!), `${locale} download`).toBe(true);
    }
  });
});
