// `npm run verify-day -- <file> [<seal>] [--keys <file or URL>]`: checks a downloaded day's price
// list (…/prices/YYYY-MM-DD.json or .csv) against its seal and the published keys, offline once
// the keys are at hand (decision 0130). The seal defaults to the file's name with .seal.json; the
// keys to a vitrina-seal-keys.json beside the file, else BASE_URL's /.well-known address.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Seal } from "~/features/seals/seal";
import type { PublicSealKey } from "~/features/seals/seal-keys.server";
import { checkSeal } from "~/features/seals/verify.server";

const args = process.argv.slice(2);
const keysAt = args.indexOf("--keys");
const keysSource = keysAt >= 0 ? args[keysAt + 1] : undefined;
const positional = args.filter((_, index) => keysAt < 0 || (index !== keysAt && index !== keysAt + 1));
const [file, sealArg] = positional;
if (!file) {
  console.error("Usage: npm run verify-day -- <file> [<seal>] [--keys <file or URL>]");
  process.exit(2);
}
const sealFile = sealArg ?? file.replace(/\.(json|csv)$/, ".seal.json");

async function readKeys(): Promise<PublicSealKey[]> {
  const beside = path.join(path.dirname(file!), "vitrina-seal-keys.json");
  const source =
    keysSource ??
    (existsSync(beside)
      ? beside
      : `${process.env.BASE_URL ?? "https://vitrina.mk"}/.well-known/vitrina-seal-keys.json`);
  const text = /^https?:\/\//.test(source)
    ? await (await fetch(source)).text()
    : readFileSync(source, "utf8");
  return (JSON.parse(text) as { keys: PublicSealKey[] }).keys;
}

const seal = JSON.parse(readFileSync(sealFile, "utf8")) as Seal;
const result = checkSeal(seal, await readKeys(), readFileSync(file));
console.log(`Store:        ${seal.store}${seal.pointOfSale ? ` / ${seal.pointOfSale}` : ""}`);
console.log(`Day:          ${seal.day}`);
console.log(`Confirmed at: ${seal.confirmedAt ?? "not confirmed"}`);
if (seal.sealedAt) console.log(`Sealed at:    ${seal.sealedAt} (after the day had ended)`);
console.log(`Signature:    ${result.signature} (key ${seal.kid})`);
console.log(
  `File:         ${result.file ? `matches the sealed ${result.file.toUpperCase()}` : "does NOT match the seal"}`,
);
if (result.signature !== "valid" || !result.file) {
  console.error("NOT VERIFIED");
  process.exitCode = 1;
} else console.log("VERIFIED");
