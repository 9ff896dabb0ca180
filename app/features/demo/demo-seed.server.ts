import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { createAuth } from "~/auth/auth.server";
import type { Db } from "~/db/client.server";
import { priceHistory } from "~/db/schema/activity";
import { user } from "~/db/schema/auth";
import { category, product } from "~/db/schema/catalog";
import { store } from "~/db/schema/stores";
import { toStoreAddress } from "~/features/address/address.server";
import { EmbeddedAddressProvider } from "~/features/address/embedded-provider.server";
import { seedDemoBilling } from "~/features/billing/demo-billing.server";
import { saveImage } from "~/features/images/image.server";
import { matchLibraryImages } from "~/features/library/library-match.server";
import { productSearchText } from "~/features/product-language/product-language";
import { DEFAULT_HOURS } from "~/features/stores/hours";
import { getClock } from "~/lib/clock.server";
import type { Config } from "~/lib/config.server";
import { seedDemoAdmin } from "./demo-admin.server";
import { seedDemoCompliance } from "./demo-compliance.server";
import { seedDemoPointsOfSale } from "./demo-points-of-sale.server";
import { seedDemoPosts } from "./demo-posts.server";
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from "./demo-products";
import { demoAlbanian } from "./demo-products-sq";
import { seedDemoPromotions } from "./demo-promotions.server";

export const DEMO_EMAIL = "demo@vitrina.mk";
export const DEMO_USERNAME = "demo";

/** Seeds the demo store on an empty database, so a first `npm start` shows a complete store. */
export async function seedDemoIfEmpty(db: Db, config: Config): Promise<void> {
  const [users] = await db.select({ value: count() }).from(user);
  if ((users?.value ?? 0) > 0) return;
  const password = randomBytes(9).toString("base64url");
  await seedDemoStore(db, password);
  const credentials = `email: ${DEMO_EMAIL}\npassword: ${password}\n`;
  writeFileSync(path.join(config.dataDir, "demo-credentials.txt"), credentials, { mode: 0o600 });
  console.log(`Demo store created at ${config.baseUrl}/${DEMO_USERNAME}. Sign in with:\n${credentials}`);
  await seedDemoAdmin(db, config);
}

export async function seedDemoStore(db: Db, password: string): Promise<string> {
  // Signing up through better-auth hashes the password exactly as a real sign-up does.
  const auth = createAuth(db);
  const { user: demoUser } = await auth.api.signUpEmail({
    body: { name: "Маркет Демо", email: DEMO_EMAIL, password },
  });
  // The address comes from the embedded suggestions, as an owner would pick it.
  const [skopje] = await new EmbeddedAddressProvider().suggest("Скопје", { limit: 1 });
  const storeId = await db.transaction(async (tx) => {
    await tx.update(user).set({ onboarded: true, emailVerified: true }).where(eq(user.id, demoUser.id));
    const [demoStore] = await tx
      .insert(store)
      .values({
        ownerId: demoUser.id,
        username: DEMO_USERNAME,
        name: "Маркет Демо",
        phone: "+38923222333",
        phonePublic: true,
        companyName: "Демо Трговија ДООЕЛ Скопје",
        address: skopje ? toStoreAddress(skopje, "ул. Македонија 12") : null,
        hours: DEFAULT_HOURS,
        // The demo shows products in Macedonian and Albanian.
        albanianContent: true,
      })
      .returning();
    const storeId = demoStore!.id;
    const categories = await tx
      .insert(category)
      .values(DEMO_CATEGORIES.map((name, position) => ({ storeId, name, position })))
      .returning({ id: category.id, name: category.name });
    const categoryId = new Map(categories.map((row) => [row.name, row.id]));
    const products = await tx
      .insert(product)
      .values(
        DEMO_PRODUCTS.map((item) => ({
          storeId,
          categoryId: categoryId.get(item.category) ?? null,
          name: item.name,
          description: item.description,
          ...demoAlbanian(item),
          // An item listed with a regular price is on the demo's running promotion: its price is
          // the regular one and the promotion gives the lower one (decision 0040).
          priceCents: item.regularPriceCents ?? item.priceCents,
          regularPriceCents: null,
          vatRate: item.vatRate,
          unit: item.unit,
          netQuantityMilli: item.netQuantityMilli,
          netUnit: item.netUnit,
          quantity: item.quantity,
          availability: item.availability,
          barcode: item.barcode,
          searchText: productSearchText({ ...item, ...demoAlbanian(item) }),
        })),
      )
      .returning({ id: product.id, name: product.name, priceCents: product.priceCents });
    await tx.insert(priceHistory).values(
      products.map((row) => ({
        storeId,
        productId: row.id,
        oldPriceCents: null,
        newPriceCents: row.priceCents,
        source: "seed" as const,
        actorId: demoUser.id,
      })),
    );
    // Promotions first: the demo's archive of past days then shows the prices of those days.
    await seedDemoPromotions(
      tx,
      {
        storeId,
        products: products.map((row, index) => {
          const item = DEMO_PRODUCTS[index]!;
          return {
            id: row.id,
            categoryName: item.category,
            regularPriceCents: row.priceCents,
            promotionalPriceCents: item.regularPriceCents === null ? null : item.priceCents,
          };
        }),
      },
      getClock().now(),
    );
    // Before the archive of past days, so each point of sale's lists are in it too.
    await seedDemoPointsOfSale(tx, { storeId, userId: demoUser.id, products });
    await seedDemoCompliance(tx, { storeId, userId: demoUser.id, products }, getClock().now());
    return storeId;
  });
  const logo = await saveImage({ db, storeId, actor: { userId: demoUser.id } }, await demoLogo(), "logo");
  await db.update(store).set({ logoKey: logo.key }).where(eq(store.id, storeId));
  await seedDemoBilling(db, { storeId, userId: demoUser.id }, getClock().now());
  await seedDemoPosts({ db, storeId, actor: { userId: demoUser.id } }, getClock().now());
  // Each product takes its image from the shared library (the starter set holds them all).
  const ids = await db.select({ id: product.id }).from(product).where(eq(product.storeId, storeId));
  await matchLibraryImages(
    { db, storeId, actor: { userId: demoUser.id } },
    ids.map((row) => row.id),
  );
  return storeId;
}

/** A square 512×512 logo drawn here (no external download): "МД" on the brand green. */
export function demoLogo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="96" fill="#16a34a"/>
  <circle cx="256" cy="256" r="170" fill="#ffffff" fill-opacity="0.14"/>
  <text x="256" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-size="150" font-weight="700"
    text-anchor="middle" fill="#ffffff">МД</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
