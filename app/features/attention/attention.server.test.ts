import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog } from "~/db/schema/activity";
import { product } from "~/db/schema/catalog";
import { libraryImage } from "~/db/schema/library";
import { createProduct } from "~/features/catalog/product.server";
import { addProducts, productInput } from "~/features/catalog/product.test-support";
import { countNeedsAttention } from "~/features/compliance/compliance.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { ATTENTION_PAGE_SIZE } from "./attention";
import { attentionInputOf, listAttention, saveAttention } from "./attention.server";

const database = databaseForThisFile();

/** A valid EAN-13 no other test uses: the library is shared by every store (and, on PostgreSQL, every file). */
function freshBarcode(): string {
  const digits = `531${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** A library entry as the library import leaves it. */
async function addLibraryEntry(values: {
  name: string;
  nameLatin?: string;
  barcode: string;
  description?: string;
}) {
  await database.db.insert(libraryImage).values({
    nameLatin: "",
    ...values,
    imageKey: `library/${crypto.randomUUID()}`,
    width: 10,
    height: 10,
    searchText: values.name,
    fingerprint: crypto.randomUUID(),
    source: "import",
  });
}

function form(entries: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

describe("needs-attention grid", () => {
  it("lists only what the check names, with the name's quantity offered and nothing written", async () => {
    const { ctx } = await createTestStore(database);
    const ajvar = await createProduct(ctx, productInput({ name: "Ајвар домашен 350 г", vatRate: "5" }));
    await createProduct(ctx, productInput({ name: "Чаша", description: "Стаклена чаша." }));
    const page = await listAttention(ctx);
    expect(page.total).toBe(1);
    const [row] = page.rows;
    expect(row?.id).toBe(ajvar.id);
    expect(row?.cells).toEqual(["description", "netQuantity"]);
    expect(row?.suggestion.netQuantity).toMatchObject({ amount: "350", unit: "g", source: "350 г" });
    // An offer is not a write.
    const [stored] = await ctx.db.select().from(product).where(eq(product.id, ajvar.id));
    expect(stored?.netQuantityMilli).toBeNull();
  });

  it("offers the Albanian name of a library entry with the same barcode", async () => {
    const { ctx } = await createTestStore(database, { albanianContent: true });
    await database.db.insert(libraryImage).values({
      name: "Млеко 1 л",
      nameLatin: "Mleko 1 l; Qumësht 1 l",
      barcode: "4006381333931",
      imageKey: `library/${crypto.randomUUID()}`,
      width: 10,
      height: 10,
      searchText: "mleko",
      fingerprint: crypto.randomUUID(),
      source: "import",
    });
    await createProduct(
      ctx,
      productInput({
        name: "Млеко Бимилк",
        description: "Свежо млеко 3,2 %.",
        barcode: "4006381333931",
        vatRate: "5",
        unit: "l",
      }),
    );
    const [row] = (await listAttention(ctx)).rows;
    expect(row?.cells).toEqual(["nameSq"]);
    expect(row?.suggestion.nameSq).toBe("Qumësht 1 l");
  });

  it("offers the description of a library entry with the same barcode, and writes it only when saved", async () => {
    const { ctx } = await createTestStore(database, { albanianContent: true });
    const barcode = freshBarcode();
    // An older entry without a description, then one that describes the product and names it in Albanian.
    await addLibraryEntry({ name: "Ајвар Витаминка", barcode });
    await addLibraryEntry({
      name: "Ајвар Витаминка 350 г",
      nameLatin: "Ajvar Vitaminka; Ajvar Vitaminka 350 g",
      barcode,
      description: "Печени црвени пиперки, благ вкус. Без конзерванси.",
    });
    // A description that only repeats the name is no description: never offered.
    const other = freshBarcode();
    await addLibraryEntry({ name: "Чај од нане", barcode: other, description: "Чај од нане" });
    const ajvar = await createProduct(
      ctx,
      productInput({ name: "Ајвар Витаминка", barcode, vatRate: "5", unit: "piece" }),
    );
    await createProduct(
      ctx,
      productInput({
        name: "Чај од нане",
        barcode: other,
        vatRate: "5",
        unit: "piece",
        nameSq: "Çaj nenexhiku",
      }),
    );
    const { rows } = await listAttention(ctx);
    const row = rows.find((candidate) => candidate.id === ajvar.id);
    expect(row?.cells).toEqual(["description", "nameSq"]);
    expect(row?.suggestion).toEqual({
      description: "Печени црвени пиперки, благ вкус. Без конзерванси.",
      nameSq: "Ajvar Vitaminka 350 g",
    });
    expect(rows.find((candidate) => candidate.name === "Чај од нане")?.suggestion).toEqual({});
    // An offer is not a write: the product has no description until the owner's save.
    const [before] = await ctx.db.select().from(product).where(eq(product.id, ajvar.id));
    expect(before?.description ?? "").toBe("");
    const saved = await saveAttention(ctx, [
      { id: ajvar.id, description: row!.suggestion.description!, nameSq: row!.suggestion.nameSq! },
    ]);
    expect(saved).toEqual({ ok: true, saved: 1 });
    const [after] = await ctx.db.select().from(product).where(eq(product.id, ajvar.id));
    expect(after).toMatchObject({
      description: "Печени црвени пиперки, благ вкус. Без конзерванси.",
      nameSq: "Ajvar Vitaminka 350 g",
    });
    expect(await countNeedsAttention(ctx)).toBe(1);
  });

  it("shows a real shop's 300 products on one page, so one paste and one save cover them", async () => {
    const { ctx } = await createTestStore(database);
    await addProducts(
      ctx,
      Array.from({ length: 300 }, (_, i) => ({ name: `Ајвар ${i + 1} 350 г` })),
    );
    const page = await listAttention(ctx, 1);
    expect(page.total).toBe(300);
    expect(page.pages).toBe(1);
    expect(page.rows).toHaveLength(300);
  });

  it("pages a shop of thousands", async () => {
    const { ctx } = await createTestStore(database);
    await addProducts(
      ctx,
      Array.from({ length: ATTENTION_PAGE_SIZE + 5 }, (_, i) => ({ name: `Производ ${i}` })),
    );
    const first = await listAttention(ctx, 1);
    const second = await listAttention(ctx, 2);
    expect(first.pages).toBe(2);
    expect(first.rows).toHaveLength(ATTENTION_PAGE_SIZE);
    expect(second.rows).toHaveLength(5);
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(ATTENTION_PAGE_SIZE + 5);
  });

  it("one save writes every row through the writer, with activity, and the check then agrees", async () => {
    const { ctx } = await createTestStore(database);
    const a = await createProduct(ctx, productInput({ name: "Ајвар домашен 350 г", vatRate: "5" }));
    const b = await createProduct(ctx, productInput({ name: "Сок портокал 1 л" }));
    expect(await countNeedsAttention(ctx)).toBe(2);
    const result = await saveAttention(
      ctx,
      attentionInputOf(
        form([
          ["id", a.id],
          [`description:${a.id}`, "Од печени пиперки."],
          [`netQuantity:${a.id}`, "350"],
          [`netUnit:${a.id}`, "g"],
          ["id", b.id],
          [`description:${b.id}`, "Цеден портокал, без шеќер."],
          [`netQuantity:${b.id}`, "1 л"],
          [`netUnit:${b.id}`, ""],
        ]),
      ),
    );
    expect(result).toEqual({ ok: true, saved: 2 });
    expect(await countNeedsAttention(ctx)).toBe(0);
    const activity = await ctx.db.select().from(activityLog).where(eq(activityLog.storeId, ctx.storeId));
    expect(activity.length).toBeGreaterThanOrEqual(4);
  });

  it("all or nothing: one bad cell writes no row, and says which cell", async () => {
    const { ctx } = await createTestStore(database);
    const a = await createProduct(ctx, productInput({ name: "Ајвар домашен 350 г", vatRate: "5" }));
    const b = await createProduct(ctx, productInput({ name: "Чаша" }));
    const result = await saveAttention(ctx, [
      { id: a.id, description: "Од печени пиперки." },
      { id: b.id, description: "ЧАША." },
    ]);
    expect(result).toEqual({
      ok: false,
      errors: { [`description:${b.id}`]: "compliance:grid.errors.repeatsName" },
    });
    const [stored] = await ctx.db.select().from(product).where(eq(product.id, a.id));
    expect(stored?.description).toBeNull();
    const bad = await saveAttention(ctx, [{ id: a.id, netQuantity: "пет" }]);
    expect(bad).toEqual({
      ok: false,
      errors: { [`netQuantity:${a.id}`]: "compliance:grid.errors.quantity" },
    });
  });

  it("refuses another store's product ids in the posted form, and writes nothing", async () => {
    const mine = await createTestStore(database);
    const theirs = await createTestStore(database);
    const own = await createProduct(mine.ctx, productInput({ name: "Чаша" }));
    const other = await createProduct(theirs.ctx, productInput({ name: "Шолја" }));
    const result = await saveAttention(mine.ctx, [
      { id: own.id, description: "Стаклена чаша." },
      { id: other.id, description: "Туѓ опис." },
    ]);
    expect(result).toEqual({ ok: false, errors: { form: "compliance:grid.errors.notYours" } });
    const rows = await database.db.select().from(product).where(eq(product.id, other.id));
    expect(rows[0]?.description).toBeNull();
    const [mineStored] = await database.db.select().from(product).where(eq(product.id, own.id));
    expect(mineStored?.description).toBeNull();
  });
});
