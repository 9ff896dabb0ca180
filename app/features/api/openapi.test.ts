import { compileErrors, validate } from "@readme/openapi-parser";
import Ajv2020 from "ajv/dist/2020";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseForThisFile } from "../../../tests/support/test-db";
import { apiClient, createApiStore } from "./api.test-support";

// Decision 0072: the OpenAPI document is valid OpenAPI 3.1 (a maintained validator, not our own
// reading of it), and every operation it documents is called and answers what it documents.

const database = databaseForThisFile();
let api: ReturnType<typeof apiClient>;
let token: string;
type Document = {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, unknown> };
};
type OperationObject = {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
let document: Document;

beforeAll(async () => {
  api = apiClient(database, { now: () => new Date("2026-11-23T08:00:00Z") });
  const store = await createApiStore(database);
  token = await store.tokenOf();
  document = (await api("GET", "/openapi.json")).body;
});

/** One real call per documented operation; an operation missing here fails the contract test. */
const CALLS: Record<string, () => { method: string; path: string; body?: unknown }> = {
  upsertProducts: () => ({
    method: "POST",
    path: "/products/batch",
    body: {
      items: [
        {
          barcode: "5310012345675",
          externalId: "C-1",
          name: "Кафе 200 г",
          priceCents: 18900,
          netQuantityMilli: 200000,
          netUnit: "g",
        },
        { externalId: "C-2", name: "Чај", priceCents: 9900, regularPriceCents: 12000 },
      ],
    },
  }),
  upsertProductByBarcode: () => ({
    method: "PUT",
    path: "/products/by-barcode/5310000000005",
    body: { name: "Сок 1 л", priceCents: 7900, availability: "on_order" },
  }),
  upsertProductByExternalId: () => ({
    method: "PUT",
    path: "/products/by-external-id/C-3",
    body: { name: "Шеќер 1 кг", priceCents: 6500, unit: "kg" },
  }),
  updatePrices: () => ({
    method: "POST",
    path: "/prices/batch",
    body: {
      items: [
        { externalId: "C-1", priceCents: 19900 },
        { barcode: "5310000000005", priceCents: 8100 },
      ],
    },
  }),
  updatePriceByBarcode: () => ({
    method: "PUT",
    path: "/prices/by-barcode/5310012345675",
    body: { priceCents: 20900 },
  }),
  updatePriceByExternalId: () => ({
    method: "PUT",
    path: "/prices/by-external-id/C-2",
    body: { priceCents: 9500 },
  }),
  listProducts: () => ({ method: "GET", path: "/products?limit=2" }),
  getProduct: () => ({ method: "GET", path: `/products/${productId}` }),
  listPointsOfSale: () => ({ method: "GET", path: "/points-of-sale" }),
  setPointOfSaleOverrides: () => ({
    method: "POST",
    path: `/points-of-sale/${pointOfSaleId}/products/batch`,
    body: {
      items: [
        { externalId: "C-1", priceCents: 19500 },
        { externalId: "C-2", excluded: true },
      ],
    },
  }),
  setPointOfSaleOverride: () => ({
    method: "PUT",
    path: `/points-of-sale/${pointOfSaleId}/products/${productId}`,
    body: { availability: "out_of_stock" },
  }),
  listPointOfSaleOverrides: () => ({ method: "GET", path: `/points-of-sale/${pointOfSaleId}/products` }),
  listPromotions: () => ({ method: "GET", path: "/promotions" }),
  getConfirmation: () => ({ method: "GET", path: "/confirmation" }),
  confirmPrices: () => ({ method: "POST", path: "/confirmation" }),
};
let productId = "";
let pointOfSaleId = "";

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(document) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
  });

  it("every documented operation answers its documented status and schema", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: "openapi", components: document.components }, "openapi");
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.map(({ operation }) => operation.operationId).sort()).toEqual(
      Object.keys(CALLS).sort(),
    );
    // Writes first, so the reads have products to answer with.
    const order = Object.keys(CALLS);
    operations.sort(
      (x, y) => order.indexOf(x.operation.operationId) - order.indexOf(y.operation.operationId),
    );
    for (const { method, operation } of operations) {
      if (!productId && ["getProduct", "setPointOfSaleOverrides"].includes(operation.operationId)) {
        productId = (await api("GET", "/products?limit=1", { token })).body.items[0].id;
        pointOfSaleId = (await api("GET", "/points-of-sale", { token })).body.items[0].id;
      }
      const request = CALLS[operation.operationId]!();
      expect(request.method.toLowerCase(), operation.operationId).toBe(method);
      const answer = await api(request.method, request.path, { token, body: request.body });
      const [status, documented] = Object.entries(operation.responses).find(([code]) =>
        code.startsWith("2"),
      )!;
      expect(answer.status, `${operation.operationId}: ${JSON.stringify(answer.body)}`).toBe(Number(status));
      const schema = JSON.parse(
        JSON.stringify(documented.content!["application/json"]!.schema).replaceAll(
          '"#/components/',
          '"openapi#/components/',
        ),
      );
      const valid = ajv.validate(schema, answer.body);
      expect(valid, `${operation.operationId}: ${ajv.errorsText()}`).toBe(true);
    }
  });

  it("documents the problem answers, and a problem answers its documented schema", async () => {
    const ajv = new Ajv2020({ strict: false });
    const problem = document.components.schemas.Problem as object;
    const refused = await api("POST", "/prices/batch", { token, body: { items: [{ priceCents: -1 }] } });
    expect(refused.status).toBe(400);
    expect(ajv.validate(problem, refused.body), ajv.errorsText()).toBe(true);
    const batch = document.paths["/prices/batch"]!.post!;
    expect(Object.keys(batch.responses)).toEqual(
      expect.arrayContaining(["400", "401", "403", "404", "409", "413", "415", "422", "429"]),
    );
    expect(batch.responses["400"]!.content).toHaveProperty(["application/problem+json"]);
  });
});
