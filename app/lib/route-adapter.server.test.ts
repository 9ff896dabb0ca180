import { redirect } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "./app-error";
import { logger } from "./logger.server";
import { handleAction, notFound, orNotFound, parseForm } from "./route-adapter.server";

// Decision 0017: every action answers through handleAction, in one shape, with the AppError
// table's status; nothing reaches console.error.

type Answer = { data?: unknown; init?: { status?: number } | null; status?: number };
const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as Answer).init?.status ?? 200);
const bodyOf = (answer: unknown) => (answer as Answer).data ?? answer;

afterEach(() => vi.restoreAllMocks());

describe("handleAction", () => {
  it("answers a success with ok, the intent and the work's data", async () => {
    const answer = await handleAction(async () => ({ message: "products:deleted", count: 2 }), {
      intent: "delete",
    });
    expect(statusOf(answer)).toBe(200);
    expect(answer).toEqual({ ok: true, intent: "delete", message: "products:deleted", count: 2 });
  });

  it("passes a returned redirect through", async () => {
    const answer = await handleAction(async () => redirect("/dashboard/products"));
    expect(answer).toBeInstanceOf(Response);
    expect(statusOf(answer)).toBe(302);
  });

  it("rethrows a thrown Response (a guard's redirect) untouched", async () => {
    const thrown = redirect("/auth/login");
    await expect(
      handleAction(async () => {
        throw thrown;
      }),
    ).rejects.toBe(thrown);
  });

  it("turns a ZodError into 400 field errors and gives back what was typed", async () => {
    const schema = z.object({ name: z.string().min(1, "validation:required") });
    const values = { name: "" };
    const answer = await handleAction(async () => parseForm(schema, values), { intent: "create", values });
    expect(statusOf(answer)).toBe(400);
    expect(bodyOf(answer)).toEqual({
      ok: false,
      intent: "create",
      errors: { name: "validation:required" },
      values: { name: "" },
    });
  });

  it("answers an AppError with its status from the table and its message as the form error", async () => {
    const answer = await handleAction(async () => {
      throw new AppError("conflict");
    });
    expect(statusOf(answer)).toBe(409);
    expect(bodyOf(answer)).toEqual({ ok: false, errors: { form: "errors:conflict" } });
  });

  it("answers an AppError's fields as field errors", async () => {
    const answer = await handleAction(async () => {
      throw new AppError("validation", { fields: { categoryId: "validation:categoryInvalid" } });
    });
    expect(statusOf(answer)).toBe(400);
    expect(bodyOf(answer)).toMatchObject({ errors: { categoryId: "validation:categoryInvalid" } });
  });

  it("answers 404 for notFound, or the 404 page when asked", async () => {
    const fail = async () => {
      throw new AppError("notFound");
    };
    expect(statusOf(await handleAction(fail))).toBe(404);
    await expect(handleAction(fail, { notFoundPage: true })).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("answers anything else with 500 and the fallback's message, logged through pino, not the console", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const consoleError = vi.spyOn(console, "error");
    const answer = await handleAction(
      async () => {
        throw new Error("disk on fire");
      },
      { fallback: "productSaveFailed", values: { name: "Леб" } },
    );
    expect(statusOf(answer)).toBe(500);
    expect(bodyOf(answer)).toEqual({
      ok: false,
      errors: { form: "errors:productSaveFailed" },
      values: { name: "Леб" },
    });
    expect(logged).toHaveBeenCalledOnce();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("logs a 5xx AppError and keeps a 4xx one quiet", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    await handleAction(async () => {
      throw new AppError("forbidden");
    });
    expect(logged).not.toHaveBeenCalled();
    await handleAction(async () => {
      throw new AppError("priceUpdateFailed", { cause: new Error("db down") });
    });
    expect(logged).toHaveBeenCalledOnce();
  });
});

describe("loader helpers", () => {
  it("notFound throws the 404 page", () => {
    expect(() => notFound()).toThrow(expect.objectContaining({ init: { status: 404 } }));
  });

  it("orNotFound turns a service's notFound into the 404 page and passes other errors on", async () => {
    await expect(orNotFound(Promise.reject(new AppError("notFound")))).rejects.toMatchObject({
      init: { status: 404 },
    });
    await expect(orNotFound(Promise.reject(new AppError("conflict")))).rejects.toBeInstanceOf(AppError);
    await expect(orNotFound(Promise.resolve(7))).resolves.toBe(7);
  });
});
