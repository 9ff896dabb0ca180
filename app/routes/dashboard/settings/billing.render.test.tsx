import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDatabase } from "~/db/db.server";
import { payment, paymentTransaction } from "~/db/schema/billing";
import { markTransactionPaid } from "~/features/billing/payment.server";
import { getServerI18n } from "~/i18n/i18n.server";
import { get, signedIn, startRouteDatabase } from "../../../../tests/support/route-harness";
import { createTestStore } from "../../../../tests/support/test-db";
import BillingSettings, { loader } from "./billing";

// When the billing data cannot be read, the page says "Failed to load billing" (in the
// owner's language) with the way to try again, instead of an error page. The list of payments is
// made to fail here.
let failReads = false;
vi.mock("~/features/billing/transactions.queries.server", async (original) => {
  const actual = await original<typeof import("~/features/billing/transactions.queries.server")>();
  return {
    ...actual,
    listStorePayments: (...args: Parameters<typeof actual.listStorePayments>) =>
      failReads ? Promise.reject(new Error("connection lost")) : actual.listStorePayments(...args),
  };
});

let database: Awaited<ReturnType<typeof startRouteDatabase>>;
beforeAll(async () => {
  database = await startRouteDatabase();
});
afterAll(async () => {
  await closeDatabase();
});

function Page() {
  return (
    <BillingSettings
      loaderData={useLoaderData() as never}
      actionData={undefined}
      params={{}}
      matches={[] as never}
    />
  );
}

async function render(
  userId: string,
  lang: "mk" | "en" | "sq",
  url = "/dashboard/settings/billing",
): Promise<string> {
  const loaderData = await loader({
    request: get(url),
    context: signedIn(userId),
    params: {},
  } as never);
  const Stub = createRoutesStub([{ id: "billing", path: "/dashboard/settings/billing", Component: Page }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n(lang)}>
      <Stub initialEntries={[url]} hydrationData={{ loaderData: { billing: loaderData } }} />
    </I18nextProvider>,
  );
}

describe("settings → billing", () => {
  it("shows the trial and its days remaining when the data loads", async () => {
    const shop = await createTestStore(database, { trialEndsAt: new Date(Date.now() + 10 * 86_400_000) });
    const html = await render(shop.userId, "mk");
    expect(html).toContain("Пробниот период е активен");
    expect(html).not.toContain("Податоците за наплата не се вчитаа");
  });

  it("says 'Failed to load billing' with 'Try again' when the data cannot be read", async () => {
    const shop = await createTestStore(database, { trialEndsAt: new Date(Date.now() + 10 * 86_400_000) });
    failReads = true;
    try {
      expect(await render(shop.userId, "en")).toContain("Failed to load billing");
      const mk = await render(shop.userId, "mk");
      expect(mk).toContain("Податоците за наплата не се вчитаа");
      expect(mk).toContain("Обидете се повторно");
    } finally {
      failReads = false;
    }
  });

  it("back from cPay: 'being confirmed' (and asks again) until the notification recorded the payment, then 'paid'", async () => {
    const shop = await createTestStore(database, { trialEndsAt: new Date(Date.now() + 10 * 86_400_000) });
    const [card] = await database.db
      .insert(payment)
      .values({
        storeId: shop.storeId,
        plan: "monthly",
        method: "card",
        amountCents: 120_000,
        months: 1,
        dueAt: new Date(Date.now() + 8 * 86_400_000),
        buyer: { companyName: "Test DOOEL", storeName: "Test Store", address: null, phone: "+38971234567" },
      })
      .returning();
    await database.db
      .insert(paymentTransaction)
      .values({ paymentId: card!.id, storeId: shop.storeId, kind: "created" });
    const back = `/dashboard/settings/billing?card=${card!.id}`;
    const confirming = {
      mk: "Го потврдуваме вашето плаќање со картичка кај банката.",
      en: "We are confirming your card payment with the bank.",
      sq: "Po e konfirmojmë pagesën tuaj me kartelë me bankën.",
    } as const;
    for (const lang of ["mk", "en", "sq"] as const) {
      const html = await render(shop.userId, lang, back);
      expect(html).toContain(confirming[lang]);
      expect(html).toContain('http-equiv="refresh"');
    }
    // The same page without the card payment it came back from says nothing about it.
    expect(await render(shop.userId, "en")).not.toContain(confirming.en);
    await markTransactionPaid({ db: database.db, transactionId: card!.id, actor: { userId: null } });
    const paid = await render(shop.userId, "mk", back);
    expect(paid).toContain("Ви благодариме: плаќањето со картичка е евидентирано и планот е активен.");
    expect(paid).not.toContain(confirming.mk);
    expect(paid).not.toContain('http-equiv="refresh"');
  });
});
