import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { amcheck } from "@electric-sql/pglite/contrib/amcheck";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestStore } from "../../tests/support/test-db";
import { openDatabase } from "./client.server";

// PGlite killed with SIGKILL at any moment of a write load leaves a database
// that opens, whose B-tree indexes pass amcheck (every row in its indexes), in which every committed
// transaction is whole and no uncommitted one is partly there. 20 kills at random moments.

const KILLS = 20;
const WRITER = path.resolve("tests/support/pglite-crash-writer.mjs");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-crash-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the writer and resolves once it is writing; the batches it commits are added to `committed`. */
function startWriter(storeId: string, firstBatch: number, committed: Set<number>) {
  const child = spawn(process.execPath, [WRITER, dataDir, storeId, String(firstBatch)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (chunk) => {
    errors += chunk;
  });
  const ready = new Promise<ChildProcess>((resolve, reject) => {
    let buffered = "";
    child.stdout!.on("data", (chunk) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) {
        if (line === "ready") resolve(child);
        const match = /^committed (\d+)$/.exec(line);
        if (match) {
          committed.add(Number(match[1]));
          child.emit("committed");
        }
      }
    });
    child.once("exit", (code, signal) => {
      if (signal !== "SIGKILL") reject(new Error(`writer stopped (${code ?? signal}): ${errors}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { ready, exited };
}

type Rows<T> = { rows: T[] };

async function check(storeId: string, committed: Set<number>): Promise<number> {
  const db = new PGlite({ dataDir, extensions: { amcheck, pg_trgm, btree_gist } });
  try {
    await db.query("create extension if not exists amcheck");
    const indexes = (await db.query(`
      select c.oid::regclass::text as name from pg_index i
      join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
      join pg_namespace n on n.oid = c.relnamespace
      where am.amname = 'btree' and n.nspname = 'public'`)) as Rows<{ name: string }>;
    expect(indexes.rows.length).toBeGreaterThan(10);
    for (const { name } of indexes.rows) await db.query("select bt_index_check($1::regclass, true)", [name]);

    const batches = (await db.query(
      `select substring(name from '^batch-(\\d+)-')::int as batch, count(*)::int as rows
       from product where store_id = $1 and name like 'batch-%' group by 1 order by 1`,
      [storeId],
    )) as Rows<{ batch: number; rows: number }>;
    const found = new Map(batches.rows.map((row) => [row.batch, row.rows]));
    // Whole or absent: a transaction's 20 rows are all there or none is.
    for (const [batch, rows] of found) expect({ batch, rows }).toEqual({ batch, rows: 20 });
    // Durable: every batch the writer saw committed is there.
    for (const batch of committed) expect({ batch, there: found.has(batch) }).toEqual({ batch, there: true });
    return Math.max(0, ...found.keys());
  } finally {
    await db.close();
  }
}

describe.skipIf(process.env.TEST_DATABASE_URL)("PGlite under kill -9", () => {
  it(`opens, passes amcheck and keeps every committed transaction whole after ${KILLS} kills under write load`, async () => {
    const template = process.env.VITRINA_TEST_TEMPLATE;
    const database = await openDatabase({
      url: null,
      dataDir,
      loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
    });
    if (!template) await database.migrate();
    const { storeId } = await createTestStore(database);
    await database.close();

    const committed = new Set<number>();
    let next = 1;
    for (let kill = 0; kill < KILLS; kill++) {
      const writer = startWriter(storeId, next, committed);
      const child = await writer.ready;
      // A random moment: every other round from the very first statement on, the others after a
      // commit of this round (on a busy machine one transaction can take longer than the wait).
      if (kill % 2 === 1) await new Promise((resolve) => child.once("committed", resolve));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 800));
      child.kill("SIGKILL");
      await writer.exited;
      next = (await check(storeId, committed)) + 1;
    }
    // The writes really ran between the kills.
    expect(committed.size).toBeGreaterThanOrEqual(KILLS / 2);
  }, 900_000);
});
