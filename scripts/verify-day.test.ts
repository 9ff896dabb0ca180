import { execFile } from "node:child_process";
import { createHash, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealText } from "~/features/seals/seal";
import { signSeal } from "~/features/seals/seal.server";
import { loadSealKeys } from "~/features/seals/seal-keys.server";

// `npm run verify-day -- <file> [<seal>] [--keys <file>]` as an inspector runs it on downloaded
// files, offline: a good file verifies, one changed byte does not, a seal made by another key does not.

const run = promisify(execFile);
const TSX = path.resolve("node_modules/.bin/tsx");
const SCRIPT = path.resolve("scripts/verify-day.ts");
const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

let dir: string;
const json = Buffer.from('{"store":"market-pela","products":[{"name":"Млеко","price":"80.00"}]}\n');
const csv = Buffer.from("\uFEFFНазив;Цена\nМлеко;80,00\n");

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "vitrina-verify-day-"));
  // The site's key ring lives elsewhere: the inspector has only the downloaded files.
  const keys = loadSealKeys(mkdtempSync(path.join(os.tmpdir(), "vitrina-verify-day-site-")));
  const seal = signSeal(
    {
      store: "market-pela",
      pointOfSale: null,
      day: "2026-11-20",
      files: { json: { sha256: sha256(json) }, csv: { sha256: sha256(csv) } },
      confirmedAt: "2026-11-20T07:12:00.000Z",
      previous: null,
    },
    keys,
  );
  writeFileSync(path.join(dir, "market-pela-prices-2026-11-20.json"), json);
  writeFileSync(path.join(dir, "market-pela-prices-2026-11-20.csv"), csv);
  writeFileSync(path.join(dir, "market-pela-prices-2026-11-20.seal.json"), sealText(seal));
  // What /.well-known/vitrina-seal-keys.json serves, saved beside the files.
  writeFileSync(path.join(dir, "vitrina-seal-keys.json"), JSON.stringify({ keys: keys.published }));
  const changed = Buffer.from(json);
  changed[changed.indexOf("80")] = "9".charCodeAt(0);
  writeFileSync(path.join(dir, "changed.json"), changed);
  // The same seal signed by a key the site never published.
  const stranger = { active: { kid: seal.kid, privateKey: generateKeyPairSync("ed25519").privateKey } };
  const { signature: _signature, kid: _kid, ...unsigned } = seal;
  writeFileSync(path.join(dir, "forged.seal.json"), sealText(signSeal(unsigned, stranger)));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function verifyDay(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    // From the repository (tsx reads its tsconfig there), with the inspector's files by their paths.
    const paths = args.map((arg) => (arg.startsWith("--") ? arg : path.join(dir, arg)));
    const { stdout, stderr } = await run(TSX, [SCRIPT, ...paths]);
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

describe("npm run verify-day", () => {
  it("verifies a downloaded JSON against the seal beside it and the keys saved beside it", async () => {
    const { code, out } = await verifyDay("market-pela-prices-2026-11-20.json");
    expect(out).toContain("Store:        market-pela");
    expect(out).toContain("Day:          2026-11-20");
    expect(out).toContain("Confirmed at: 2026-11-20T07:12:00.000Z");
    expect(out).toContain("File:         matches the sealed JSON");
    expect(out).toContain("VERIFIED");
    expect(out).not.toContain("NOT VERIFIED");
    expect(code).toBe(0);
  });

  it("verifies the CSV with the seal named on the command line", async () => {
    const { code, out } = await verifyDay(
      "market-pela-prices-2026-11-20.csv",
      "market-pela-prices-2026-11-20.seal.json",
      "--keys",
      "vitrina-seal-keys.json",
    );
    expect(out).toContain("matches the sealed CSV");
    expect(code).toBe(0);
  });

  it("fails for one changed byte", async () => {
    const { code, out } = await verifyDay("changed.json", "market-pela-prices-2026-11-20.seal.json");
    expect(out).toContain("does NOT match the seal");
    expect(out).toContain("NOT VERIFIED");
    expect(code).toBe(1);
  });

  it("fails for a seal whose signature the published key does not make", async () => {
    const { code, out } = await verifyDay("market-pela-prices-2026-11-20.json", "forged.seal.json");
    expect(out).toContain("Signature:    invalid");
    expect(out).toContain("NOT VERIFIED");
    expect(code).toBe(1);
  });
});
