import { afterEach, describe, expect, it, vi } from "vitest";
import { addProducts } from "~/features/catalog/product.test-support";
import { domainDirectory } from "~/features/domains/domain-directory.server";
import { getConfig } from "~/lib/config.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { getLiveFeed } from "./feed.server";

// Decision 0133: a store's prices.json names its photos on the store's own domain while one is
// served. Verifying or removing a domain moves no row that the store's version follows, so the held
// feed is keyed by the origin as well: the next request after the change gets the new addresses
// and a new ETag, and another store's feed is untouched.

const database = databaseForThisFile();

afterEach(() => {
  vi.restoreAllMocks();
});

async function storeWithPhoto() {
  const shop = await createTestStore(database);
  await addProducts(
    shop.ctx,
    [
      {
        name: "Леб",
        priceCents: 4_000,
        imageUrl: `/uploads/stores/${shop.storeId}/product/0123456789abcdef01234567-800.webp`,
      },
    ],
    "form",
  );
  return shop;
}

const imageOf = (feed: { json: Buffer }) =>
  (JSON.parse(feed.json.toString("utf8")) as { products: { image: string | null }[] }).products[0]!.image;

describe("a store's live feed and its own domain", () => {
  it("names the photos on the domain while it is served, on the platform before and after; never another store's", async () => {
    const a = await storeWithPhoto();
    const b = await storeWithPhoto();
    const platform = new URL(getConfig().baseUrl).origin;
    const before = await getLiveFeed(database.db, a.username);
    expect(imageOf(before)).toBe(
      `${platform}/uploads/stores/${a.storeId}/product/0123456789abcdef01234567-800.webp`,
    );
    const ofB = await getLiveFeed(database.db, b.username);

    // A's domain is verified (the directory serves it); nothing in the store's rows changed.
    const served = { domain: "ceni.a-shop.mk", storeId: a.storeId, username: a.username };
    vi.spyOn(domainDirectory, "ofUsername").mockImplementation((username) =>
      username === a.username ? served : undefined,
    );
    const scheme = platform.startsWith("https:") ? "https" : "http";
    const onDomain = await getLiveFeed(database.db, a.username);
    expect(imageOf(onDomain)).toBe(
      `${scheme}://ceni.a-shop.mk/uploads/stores/${a.storeId}/product/0123456789abcdef01234567-800.webp`,
    );
    expect(onDomain.version).toBe(before.version);
    expect(onDomain.etag).not.toBe(before.etag);
    // Held: the next request is the same bytes, not a new build.
    expect(await getLiveFeed(database.db, a.username)).toBe(onDomain);
    // B has no domain: its held feed is the one it had.
    expect(await getLiveFeed(database.db, b.username)).toBe(ofB);
    expect(imageOf(ofB)).toContain(`${platform}/uploads/stores/${b.storeId}/`);

    // The domain is removed (or lapses): back on the platform's address.
    vi.restoreAllMocks();
    const after = await getLiveFeed(database.db, a.username);
    expect(imageOf(after)).toBe(imageOf(before));
    expect(after.etag).toBe(before.etag);
  });
});
