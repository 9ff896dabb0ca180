import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "~/db/schema/auth";
import { store } from "~/db/schema/stores";
import type { StoreAddress } from "~/features/address/address";
import { getStorefront } from "~/features/storefront/storefront.server";
import { isAppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { createTestStore, createTestUser, databaseForThisFile } from "../../../tests/support/test-db";
import { saveBusinessHours } from "./business-hours.server";
import { DEFAULT_HOURS } from "./hours";
import {
  finishOnboarding,
  onboardingStepOf,
  saveCompanyStep,
  savePhoneStep,
  saveStoreNameStep,
} from "./onboarding.server";
import { checkUsername, getStoreByOwner } from "./store.server";
import { updateStoreProfile } from "./store-profile.server";
import { findUsernameRedirect } from "./username-redirect.server";

const database = databaseForThisFile();

const unique = () => `market-${Math.random().toString(36).slice(2, 10)}`;
const address: StoreAddress = {
  placeId: "embedded:s-tetovo",
  place: { mk: "Тетово", latin: "Tetovo", sq: "Tetovë" },
  postalCode: "1200",
  street: "ул. Илинденска 12",
  source: "embedded",
};
const ctxOf = (storeId: string, userId: string): StoreContext => ({
  db: database.db,
  storeId,
  actor: { userId },
});

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  return "ok";
}

describe("stepped onboarding", () => {
  it("saves each step, resumes at the step reached, and finishing starts the one-month trial", async () => {
    const owner = await createTestUser(database);
    expect(onboardingStepOf(await getStoreByOwner(database.db, owner.id))).toBe(1);
    const username = unique();
    const created = await saveStoreNameStep(database.db, owner.id, { storeName: "Маркет Пела", username });
    expect(created.onboardingStep).toBe(2);
    const ctx = ctxOf(created.id, owner.id);
    await savePhoneStep(ctx, { phone: "+38971234567", phonePublic: true });
    // Going Back to step 1 and saving again keeps the step reached.
    await saveStoreNameStep(database.db, owner.id, { storeName: "Маркет Пела 2", username });
    const resumed = await getStoreByOwner(database.db, owner.id);
    expect(resumed).toMatchObject({ name: "Маркет Пела 2", phone: "+38971234567", onboardingStep: 3 });
    expect(onboardingStepOf(resumed)).toBe(3);
    await saveCompanyStep(ctx, { companyName: "Пела ДООЕЛ", address, logoKey: null });
    expect(onboardingStepOf(await getStoreByOwner(database.db, owner.id))).toBe(4);

    const now = new Date("2026-11-21T10:00:00Z");
    const finished = await finishOnboarding(ctx, now);
    expect(finished.onboardingStep).toBeNull();
    expect(finished.trialEndsAt?.toISOString()).toBe("2026-12-21T10:00:00.000Z");
    const [row] = await database.db.select().from(user).where(eq(user.id, owner.id));
    expect(row?.onboarded).toBe(true);
  });

  it("keeps the store off the public page until onboarding finishes, then shows its business info", async () => {
    const owner = await createTestUser(database);
    const username = unique();
    const created = await saveStoreNameStep(database.db, owner.id, { storeName: "Скриен", username });
    const ctx = ctxOf(created.id, owner.id);
    expect(await code(getStorefront(database.db, username, { page: 1 }))).toBe("storeNotFound");
    await savePhoneStep(ctx, { phone: "+38971234567", phonePublic: true });
    await saveCompanyStep(ctx, { companyName: "Скриен ДООЕЛ", address, logoKey: null });
    await saveBusinessHours(ctx, DEFAULT_HOURS);
    await finishOnboarding(ctx);
    const page = await getStorefront(database.db, username, { page: 1 });
    expect(page.store).toMatchObject({ phone: "+38971234567", address, hours: DEFAULT_HOURS, logo: null });
  });

  it("reserves the username from step 1: another owner cannot take it", async () => {
    const first = await createTestUser(database);
    const second = await createTestUser(database);
    const username = unique();
    await saveStoreNameStep(database.db, first.id, { storeName: "Prva", username });
    expect(await code(saveStoreNameStep(database.db, second.id, { storeName: "Vtora", username }))).toBe(
      "usernameUnavailable",
    );
    expect(await getStoreByOwner(database.db, second.id)).toBeNull();
  });

  it("refuses another store's logo key (cross-store) and changes nothing", async () => {
    const mine = await createTestStore(database);
    const other = await createTestStore(database);
    const theirLogo = `stores/${other.storeId}/logo/${"a".repeat(24)}`;
    expect(
      await code(saveCompanyStep(mine.ctx, { companyName: "Changed", address, logoKey: theirLogo })),
    ).toBe("forbidden");
    const [row] = await database.db.select().from(store).where(eq(store.id, mine.storeId));
    expect(row).toMatchObject({ companyName: "Test DOOEL", logoKey: null, address: null });
  });
});

describe("store settings", () => {
  const profile = (username: string) => ({
    storeName: "Нов Маркет",
    username,
    phone: "+38923222333",
    phonePublic: false,
    companyName: "Нов ДООЕЛ",
    address,
    logoKey: null,
  });

  it("a new username moves the store; the old one redirects for 90 days and stays reserved", async () => {
    const mine = await createTestStore(database);
    const other = await createTestStore(database);
    const renamed = unique();
    const now = new Date("2026-11-21T10:00:00Z");
    await updateStoreProfile(mine.ctx, profile(renamed), now);
    expect(await findUsernameRedirect(database.db, mine.username, now)).toBe(renamed);
    expect(await findUsernameRedirect(database.db, mine.username, new Date("2027-02-18T10:00:00Z"))).toBe(
      renamed,
    );
    expect(
      await findUsernameRedirect(database.db, mine.username, new Date("2027-02-20T10:00:00Z")),
    ).toBeNull();
    // Another store cannot take the old name while it redirects; the owner can take it back.
    expect((await checkUsername(database.db, mine.username, other.storeId, now)).available).toBe(false);
    expect((await checkUsername(database.db, mine.username, mine.storeId, now)).available).toBe(true);
    await updateStoreProfile(mine.ctx, profile(mine.username), now);
    expect(await findUsernameRedirect(database.db, mine.username, now)).toBeNull();
    expect(await findUsernameRedirect(database.db, renamed, now)).toBe(mine.username);
  });

  it("edits only the signed-in owner's store (cross-store)", async () => {
    const mine = await createTestStore(database);
    const other = await createTestStore(database);
    expect(await code(updateStoreProfile(mine.ctx, profile(other.username)))).toBe("usernameUnavailable");
    await updateStoreProfile(mine.ctx, profile(unique()));
    const [theirs] = await database.db.select().from(store).where(eq(store.id, other.storeId));
    expect(theirs).toMatchObject({ name: "Test Store", username: other.username, address: null });
  });

  it("saves business hours for the owner's store only (cross-store)", async () => {
    const mine = await createTestStore(database);
    const other = await createTestStore(database);
    await saveBusinessHours(mine.ctx, DEFAULT_HOURS);
    const rows = await database.db.select({ id: store.id, hours: store.hours }).from(store);
    expect(rows.find((r) => r.id === mine.storeId)?.hours).toEqual(DEFAULT_HOURS);
    expect(rows.find((r) => r.id === other.storeId)?.hours).toBeNull();
    // A context for a store that does not exist changes nothing and says so.
    expect(
      await code(
        saveBusinessHours(ctxOf("00000000-0000-0000-0000-000000000000", mine.userId), DEFAULT_HOURS),
      ),
    ).toBe("storeNotFound");
  });
});
