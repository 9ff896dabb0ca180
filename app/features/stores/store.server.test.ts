import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "~/db/schema/auth";
import { createTestStore, createTestUser, databaseForThisFile } from "../../../tests/support/test-db";
import { onboardingSchema } from "./store.schema";
import { checkUsername, createStore, getStoreByOwner } from "./store.server";

const database = databaseForThisFile();

const unique = () => `market-${Math.random().toString(36).slice(2, 10)}`;

describe("onboarding", () => {
  it("validates the form as the spec says", () => {
    const result = onboardingSchema.safeParse({
      storeName: "",
      username: "-bad--name",
      phone: "123",
      companyName: "",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toMatchObject({
      storeName: "validation:required",
      username: "validation:username.hyphens",
      phone: "validation:phoneInvalid",
      companyName: "validation:required",
    });
  });

  it("stores the phone in E.164 and the username in lower case", () => {
    const parsed = onboardingSchema.parse({
      storeName: "Маркет Пела",
      username: "Market-Pela",
      phone: "071 234 567",
      phonePublic: "on",
      companyName: "Пела ДООЕЛ",
    });
    expect(parsed).toMatchObject({ username: "market-pela", phone: "+38971234567", phonePublic: true });
  });

  it("creates the store and marks the owner onboarded in one step", async () => {
    const owner = await createTestUser(database);
    const username = unique();
    const store = await createStore(database.db, owner.id, {
      storeName: "Маркет Пела",
      username,
      phone: "+38971234567",
      phonePublic: false,
      companyName: "Пела ДООЕЛ",
    });
    expect(store).toMatchObject({ username, ownerId: owner.id, phonePublic: false });
    const [row] = await database.db.select().from(user).where(eq(user.id, owner.id));
    expect(row?.onboarded).toBe(true);
  });

  it("refuses a taken or reserved username and leaves the owner not onboarded", async () => {
    const taken = await createTestStore(database);
    const owner = await createTestUser(database);
    const input = { storeName: "X", phone: "+38971234567", phonePublic: true, companyName: "X" };
    await expect(
      createStore(database.db, owner.id, { ...input, username: taken.username }),
    ).rejects.toMatchObject({
      code: "usernameUnavailable",
    });
    await expect(
      createStore(database.db, owner.id, { ...input, username: "dashboard" }),
    ).rejects.toMatchObject({
      code: "usernameUnavailable",
    });
    expect(await getStoreByOwner(database.db, owner.id)).toBeNull();
    const [row] = await database.db.select().from(user).where(eq(user.id, owner.id));
    expect(row?.onboarded).toBe(false);
  });

  it("gives one owner one store", async () => {
    const { userId } = await createTestStore(database);
    await expect(
      createStore(database.db, userId, {
        storeName: "Second",
        username: unique(),
        phone: "+38971234567",
        phonePublic: true,
        companyName: "X",
      }),
    ).rejects.toMatchObject({ code: "conflict" });
  });

  it("answers the live availability check", async () => {
    const { username } = await createTestStore(database);
    expect(await checkUsername(database.db, username)).toEqual({ available: false, problem: "taken" });
    expect(await checkUsername(database.db, "api")).toEqual({ available: false, problem: "reserved" });
    expect(await checkUsername(database.db, "ab")).toEqual({ available: false, problem: "tooShort" });
    expect(await checkUsername(database.db, unique())).toEqual({ available: true, problem: null });
  });
});
