// Where an embedded database's time goes, statement by statement: a preload that times each call
// into PGlite's protocol (execProtocolRawSync, which every query goes through) and adds it to the SQL
// text of the statement it runs (a Bind or Execute to the last Parse's). At exit it writes the totals,
// longest first, as JSON to $PGLITE_TIME_DIR/<checkout>-<pid>.json (the temporary directory by default).
// PGlite runs on the server's own thread, so this is the database's share of its CPU.
//
//   NODE_OPTIONS="--import ./bench/pglite-statement-time.mjs" npm run bench:import -- --runs 1 --big 0
//   node bench/pglite-statement-time.mjs --compare base.json new.json      # two runs side by side
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

if (process.argv[2] === "--compare") compare(process.argv[3], process.argv[4]);
else await install();

async function install() {
  const entry = path.join(process.cwd(), "node_modules/@electric-sql/pglite/dist/index.js");
  let PGlite;
  try {
    ({ PGlite } = await import(entry));
  } catch {
    return; // A process of the run that has no PGlite (npm itself, a bench's driver).
  }
  const totals = new Map();
  const decoder = new TextDecoder();
  let current = "(before the first statement)";
  const run = PGlite.prototype.execProtocolRawSync;
  PGlite.prototype.execProtocolRawSync = function timed(message) {
    const text = statementOf(message, decoder);
    if (text) current = text.replace(/\s+/g, " ").replace(/\$\d+/g, "$").slice(0, 200);
    const start = performance.now();
    try {
      return run.call(this, message);
    } finally {
      const total = totals.get(current) ?? { calls: 0, ms: 0 };
      total.calls++;
      total.ms += performance.now() - start;
      totals.set(current, total);
    }
  };
  process.on("exit", () => {
    if (totals.size === 0) return;
    const dir = process.env.PGLITE_TIME_DIR ?? tmpdir();
    const file = path.join(dir, `${path.basename(process.cwd())}-${process.pid}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        [...totals].sort((a, b) => b[1].ms - a[1].ms),
        null,
        1,
      ),
    );
  });
}

/** The SQL of a Query ('Q') or Parse ('P') message among the frontend messages, if any. */
function statementOf(message, decoder) {
  let text = null;
  for (let at = 0; at + 5 <= message.length; ) {
    const type = message[at];
    const length = new DataView(message.buffer, message.byteOffset + at + 1, 4).getInt32(0);
    if (length < 4) break;
    const body = message.subarray(at + 5, at + 1 + length);
    if (type === 0x51) text = decoder.decode(body.subarray(0, body.indexOf(0)));
    if (type === 0x50) {
      const name = body.indexOf(0);
      text = decoder.decode(body.subarray(name + 1, body.indexOf(0, name + 1)));
    }
    at += 1 + length;
  }
  return text;
}

function compare(baseFile, newFile) {
  const read = (file) => new Map(JSON.parse(readFileSync(file, "utf8")));
  const [base, next] = [read(baseFile), read(newFile)];
  const sum = (totals) => [...totals.values()].reduce((all, t) => all + t.ms, 0);
  console.log(`database ms in all: base ${sum(base).toFixed(0)}, new ${sum(next).toFixed(0)}\n`);
  console.log(
    "| base ms | base calls | new ms | new calls | statement |\n| ---: | ---: | ---: | ---: | --- |",
  );
  const keys = [...new Set([...base.keys(), ...next.keys()])];
  const weight = (key) => Math.max(base.get(key)?.ms ?? 0, next.get(key)?.ms ?? 0);
  for (const key of keys.sort((a, b) => weight(b) - weight(a)).slice(0, 20)) {
    const [b, n] = [base.get(key), next.get(key)];
    const cell = (t) => (t ? `${t.ms.toFixed(0)} | ${t.calls}` : "— | —");
    console.log(`| ${cell(b)} | ${cell(n)} | ${key.slice(0, 110).replace(/\|/g, "\\|")} |`);
  }
}
