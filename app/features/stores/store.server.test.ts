import { describe, expect, it } from "vitest";
import { createTestStore, createTestUser, databaseForThisFile } from "../../../tests/support/test-db";
import { saveStoreNameStep } from "./onboarding.server";
import { onboardingSchema } from "./store.schema";
import { checkUsername, getStoreByOwner } from "./store.server";

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

  it("refuses a taken or reserved username on its field and creates no store", async () => {
    const taken = await createTestStore(database);
    const owner = await createTestUser(database);
    for (const username of [taken.username, "dashboard"]) {
      await expect(
        saveStoreNameStep(database.db, owner.id, { storeName: "X", username }),
      ).rejects.toMatchObject({
        code: "usernameUnavailable",
        fields: { username: "errors:usernameUnavailable" },
      });
    }
    expect(await getStoreByOwner(database.db, owner.id)).toBeNull();
  });

  it("answers the live availability check", async () => {
    const { username } = await createTestStore(database);
    expect(await checkUsername(database.db, username)).toEqual({ available: false, problem: "taken" });
    expect(await checkUsername(database.db, "api")).toEqual({ available: false, problem: "reserved" });
    expect(await checkUsername(database.db, "ab")).toEqual({ available: false, problem: "tooShort" });
    expect(await checkUsername(database.db, unique())).toEqual({ available: true, problem: null });
  });
});
