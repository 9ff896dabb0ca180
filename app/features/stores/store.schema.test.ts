import { describe, expect, it } from "vitest";
import { suggestUsername } from "~/lib/slug";
import { companyStepSchema, phoneStepSchema, storeNameStepSchema } from "./store.schema";

describe("onboarding step schemas", () => {
  it("step 1: a Cyrillic name suggests a Latin username that passes the rules", () => {
    const username = suggestUsername("Маркет Пела");
    expect(username).toBe("market-pela");
    expect(storeNameStepSchema.parse({ storeName: " Маркет Пела ", username })).toEqual({
      storeName: "Маркет Пела",
      username: "market-pela",
    });
    expect(
      storeNameStepSchema.safeParse({ storeName: "X", username: "admin" }).error?.issues[0]?.message,
    ).toBe("validation:username.reserved");
  });

  it.each([
    ["071 234 567", "+38971234567"],
    ["070/123-456", "+38970123456"],
    ["+389 2 3222 333", "+38923222333"],
    ["02 3222 333", "+38923222333"],
    ["034 212 345", "+38934212345"],
    // The specification's own example: Skopje's six-digit form (decision 0125).
    ["2 333222", "+3892333222"],
  ])("step 2: %j is stored as %s", (phone, e164) => {
    expect(phoneStepSchema.parse({ phone, phonePublic: "on" })).toEqual({ phone: e164, phonePublic: true });
  });

  it.each(["2 33322", "071 234 56", "+381 11 123 4567", "080 123 456", "call me"])(
    "step 2: %j is refused with the phone message",
    (phone) => {
      const result = phoneStepSchema.safeParse({ phone });
      expect(result.error?.issues[0]?.message).toBe("validation:phoneInvalid");
    },
  );

  it("step 2: an unticked box keeps the number private", () => {
    expect(phoneStepSchema.parse({ phone: "071 234 567" }).phonePublic).toBe(false);
  });

  it("step 3: company name, an address chosen from suggestions and a street are required", () => {
    const result = companyStepSchema.safeParse({ companyName: "", addressSuggestion: "", street: "" });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      companyName: "validation:required",
      addressSuggestion: "validation:addressFromSuggestions",
      street: "validation:streetRequired",
    });
  });
});
