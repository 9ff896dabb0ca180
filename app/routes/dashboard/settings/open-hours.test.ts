import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { AppError } from "~/lib/app-error";
import { post, signedIn, startRouteDatabase } from "../../../../tests/support/route-harness";
import { createTestStore } from "../../../../tests/support/test-db";

// Settings → business hours answered 500 to every error, 4xx included. Its action now
// answers through the route adapter: an AppError's own status and message, what was typed kept.

const failure = vi.hoisted(() => ({ next: null as unknown }));
vi.mock("~/features/stores/business-hours.server", async (original) => {
  const real = await original<typeof import("~/features/stores/business-hours.server")>();
  return {
    saveBusinessHours: (...args: Parameters<typeof real.saveBusinessHours>) =>
      failure.next ? Promise.reject(failure.next) : real.saveBusinessHours(...args),
  };
});

const { action } = await import("./open-hours");

let database: Database;
let shop: Awaited<ReturnType<typeof createTestStore>>;
beforeAll(async () => {
  database = await startRouteDatabase();
  shop = await createTestStore(database);
});
afterAll(async () => {
  await closeDatabase();
});

type Answer = { data?: unknown; init?: { status?: number } | null };
const week = Object.fromEntries(
  ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].flatMap((day) => [
    [`${day}.from`, "08:00"],
    [`${day}.to`, "16:00"],
  ]),
) as Record<string, string>;
const submit = async (fields: Record<string, string>) =>
  (await action({
    request: post("/dashboard/settings/open-hours", fields),
    context: signedIn(shop.userId),
    params: {},
  } as never)) as Answer | Response;

describe("Settings → business hours action", () => {
  it("answers a service's 4xx with its own status and message, not 500", async () => {
    failure.next = new AppError("storeNotFound");
    try {
      const answer = (await submit(week)) as Answer;
      expect(answer.init?.status).toBe(404);
      expect(answer.data).toMatchObject({
        ok: false,
        errors: { form: "errors:storeNotFound" },
        values: week,
      });
    } finally {
      failure.next = null;
    }
  });

  it("answers an unexpected failure with 500 and the hours-save message", async () => {
    failure.next = new Error("disk full");
    try {
      const answer = (await submit(week)) as Answer;
      expect(answer.init?.status).toBe(500);
      expect(answer.data).toMatchObject({ ok: false, errors: { form: "errors:businessHoursSaveFailed" } });
    } finally {
      failure.next = null;
    }
  });

  it("saves valid hours and redirects with a success flash", async () => {
    const answer = (await submit(week)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("set-cookie")).toContain("success~storeSettings%3Ahours.saved");
  });
});
