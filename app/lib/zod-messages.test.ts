import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createI18n } from "~/i18n/i18n";
import { resources } from "~/i18n/resources";
import "./zod-messages";

// Decision 0031: "Invalid input" (Zod's English default) appeared under the regular price in mk.
// Every schema of every form gets fields of the wrong type, and every message it answers with must
// be a key of the mk catalogue whose text is not the English one.

const modules = {
  ...import.meta.glob<Record<string, unknown>>("../features/**/*.schema.ts", { eager: true }),
  ...import.meta.glob<Record<string, unknown>>("../auth/*.schema.ts", { eager: true }),
};

const mk = createI18n("mk", resources.mk);
const en = createI18n("en", resources.en);

// What a crafted request or a careless form can post instead of the expected string.
const WRONG: unknown[] = [
  undefined,
  null,
  42,
  -1,
  1.5,
  true,
  ["x"],
  { a: 1 },
  "",
  " ",
  "abc",
  "-1",
  "0",
  "1,2,3",
  "x".repeat(6000),
];

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def & { options?: z.ZodType[] };

/** The schema a field's wrappers (default, optional, pipe…) check first. */
function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === "pipe" && def.in) return unwrap(def.in);
  return schema;
}

/** Inputs with one field wrong at a time, nested objects and union options included. */
function probes(schema: z.ZodType, depth = 0): unknown[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  const inputs: unknown[] = [...WRONG, {}];
  if (def.type === "union" && def.options && depth < 3) {
    for (const option of def.options) inputs.push(...probes(option, depth + 1));
  }
  if (def.type === "object" && def.shape && depth < 3) {
    // Literal fields (a discriminator) keep their value, so the rest of the option is checked.
    const literals: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(def.shape)) {
      const values = (unwrap(field)._zod.def as { values?: unknown[] }).values;
      if (defOf(unwrap(field)).type === "literal" && values) literals[key] = values[0];
    }
    for (const [key, field] of Object.entries(def.shape)) {
      for (const wrong of [...WRONG, ...probes(field, depth + 1).filter((p) => typeof p === "object")]) {
        inputs.push({ ...literals, [key]: wrong });
      }
    }
  }
  return inputs;
}

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${file.replace(/^.*\//, "")} ${name}`, schema })),
);

describe("every form schema speaks the catalogue", () => {
  it("finds the schemas", () => {
    expect(schemas.map((s) => s.name)).toEqual(
      expect.arrayContaining(["product.schema.ts productSchema", "product-bulk.schema.ts bulkActionSchema"]),
    );
    expect(schemas.length).toBeGreaterThan(15);
  });

  for (const { name, schema } of schemas) {
    it(`${name}: wrong types answer in Macedonian`, () => {
      const messages = new Set<string>();
      for (const input of probes(schema)) {
        const result = schema.safeParse(input);
        if (!result.success) for (const issue of result.error.issues) messages.add(issue.message);
      }
      const notKeys = [...messages].filter((message) => !mk.exists(message));
      expect(notKeys).toEqual([]);
      const english = [...messages].filter((message) => mk.t(message) === en.t(message));
      expect(english).toEqual([]);
    });
  }
});

describe("the regular price (the reported screen)", () => {
  it("a price that is not a number says how to write a price", async () => {
    const { productSchema } = await import("~/features/catalog/product.schema");
    const result = productSchema.safeParse({ name: "Млеко", price: "60", regularPrice: "шеесет" });
    const issue = result.error?.issues.find((i) => i.path[0] === "regularPrice");
    expect(mk.t(issue?.message ?? "")).toBe("Внесете цена, на пр. 120 или 120,50");
  });
});
