// The JavaScript a visitor of the public pages downloads (budget: 150 KB compressed, as
// Lighthouse counts it). Starts Vitrina on a free loopback port with a fresh data directory (the demo
// store is seeded on start), opens the page in Debian's Chromium once per language with an empty
// cache, and sums what the browser received for every script: the brotli-compressed body plus the
// response headers, which is Lighthouse's "transferSize". Results go to docs/performance.md.
//
// It also adds up the JavaScript the page references as text, uncompressed: every script file's
// decoded body plus every inline script (the hydration data of a React Router page, the small inline
// script of a page sent without React, decisions 0097 and 0128; JSON-LD is data, not counted).
// Budget for that: 15 KiB (--raw-budget).
//
// Without --path it measures the store page and its files page (/demo, /demo/prices), both published
// documents (decision 0128).
//
//   npm run bench:public-js -- [--path /demo] [--path /] [--budget 150] [--raw-budget 15] [--files] [--json]
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { LOCALES, type Locale } from "~/i18n/config";
import { assertChromium, CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { freePort, stopServer, waitForReady } from "./server-process";

const root = path.resolve(import.meta.dirname, "..");
const READY_TIMEOUT_MS = 180_000; // includes a `react-router build` when the build is stale

const { values: flags } = parseArgs({
  options: {
    path: { type: "string", multiple: true },
    budget: { type: "string", default: "150" },
    "raw-budget": { type: "string", default: "15" },
    files: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
  },
});
const paths = flags.path ?? ["/demo", "/demo/prices"];
const budgetKiB = Number(flags.budget);
const rawBudgetKiB = Number(flags["raw-budget"]);

type Script = { url: string; transfer: number; body: number; decoded: number; encoding: string };
type Measurement = {
  path: string;
  locale: Locale;
  scripts: Script[];
  transfer: number;
  body: number;
  /** The inline scripts' text, in bytes (UTF-8). */
  inline: number;
  /** Script files decoded plus inline scripts: all the JavaScript the page references, as text. */
  raw: number;
};

let server: ChildProcess | null = null;
let dataDir: string | null = null;

async function main() {
  assertChromium();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-public-js-"));
  server = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      JOBS: "off",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForReady(`${base}/demo`, server, READY_TIMEOUT_MS); // the demo store is seeded on the first start

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results: Measurement[] = [];
  try {
    for (const pagePath of paths) {
      for (const locale of LOCALES) results.push(await measure(browser, base, pagePath, locale));
    }
  } finally {
    await browser.close();
  }
  await cleanup();

  if (flags.json) console.log(JSON.stringify(results, null, 2));
  else print(results);
  const over = results.filter((result) => result.transfer / 1024 > budgetKiB);
  if (over.length > 0) {
    console.error(
      `Over the ${budgetKiB} KiB budget: ${over.map((r) => `${r.path} (${r.locale})`).join(", ")}`,
    );
    process.exitCode = 1;
  }
  const overRaw = results.filter((result) => result.raw / 1024 > rawBudgetKiB);
  if (overRaw.length > 0) {
    console.error(
      `Over the ${rawBudgetKiB} KiB raw budget (inline included): ${overRaw.map((r) => `${r.path} (${r.locale})`).join(", ")}`,
    );
    process.exitCode = 1;
  }
}

/** One visit with an empty cache: every script the page loads until the network is idle. */
async function measure(
  browser: import("@playwright/test").Browser,
  base: string,
  pagePath: string,
  locale: Locale,
): Promise<Measurement> {
  const context = await browser.newContext();
  await context.addCookies([{ name: "lang", value: locale, url: base }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const requests = new Map<string, { url: string; encoding: string; script: boolean }>();
  const scripts: Script[] = [];
  cdp.on("Network.responseReceived", (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    requests.set(event.requestId, {
      url: event.response.url,
      encoding: headers["content-encoding"] ?? "none",
      script: event.type === "Script",
    });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const request = requests.get(event.requestId);
    if (!request?.script) return;
    scripts.push({
      url: new URL(request.url).pathname,
      transfer: event.encodedDataLength,
      body: 0,
      decoded: 0,
      encoding: request.encoding,
    });
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // A 404 page (an unknown path) is measured too; Chromium logs its own status as an error.
    if (message.type() === "error" && !/status of 404/.test(message.text())) errors.push(message.text());
  });
  const response = await page.goto(`${base}${pagePath}`, { waitUntil: "networkidle" });
  const status = response?.status() ?? 0;
  if (status !== 200 && status !== 404) throw new Error(`${pagePath} (${locale}) answered ${status}`);
  const lang = await page.locator("html").getAttribute("lang");
  if (lang !== locale) throw new Error(`${pagePath} rendered in ${lang}, not ${locale}`);
  if (errors.length > 0) throw new Error(`${pagePath} (${locale}): ${errors.join("; ")}`);
  // Body bytes as sent (compressed), from the resource timing of the same load.
  const bodies = await page.evaluate(() =>
    Object.fromEntries(
      performance
        .getEntriesByType("resource")
        .map((entry) => [
          new URL(entry.name).pathname,
          [
            (entry as PerformanceResourceTiming).encodedBodySize,
            (entry as PerformanceResourceTiming).decodedBodySize,
          ],
        ]),
    ),
  );
  for (const script of scripts) {
    const [body = 0, decoded = 0] = bodies[script.url] ?? [];
    script.body = body;
    script.decoded = decoded;
  }
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")]
      .filter((script) => !/json/.test(script.getAttribute("type") ?? ""))
      .reduce((sum, script) => sum + new TextEncoder().encode(script.textContent ?? "").length, 0),
  );
  await context.close();
  scripts.sort((a, b) => b.transfer - a.transfer);
  return {
    path: pagePath,
    locale,
    scripts,
    transfer: scripts.reduce((sum, script) => sum + script.transfer, 0),
    body: scripts.reduce((sum, script) => sum + script.body, 0),
    inline,
    raw: inline + scripts.reduce((sum, script) => sum + script.decoded, 0),
  };
}

function print(results: Measurement[]) {
  console.log(
    `Budgets: ${budgetKiB} KiB transferred (compressed bodies + response headers); ${rawBudgetKiB} KiB of JavaScript text, inline included.`,
  );
  console.log(
    "| page | language | scripts | transferred (KiB) | bodies (KiB) | inline (KiB) | all JavaScript, inline included (KiB) | encodings |",
  );
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const r of results) {
    const encodings = [...new Set(r.scripts.map((script) => script.encoding))].join(", ") || "—";
    console.log(
      `| ${r.path} | ${r.locale} | ${r.scripts.length} | ${kib(r.transfer)} | ${kib(r.body)} | ${kib(r.inline)} | ${kib(r.raw)} | ${encodings} |`,
    );
  }
  if (!flags.files) return;
  for (const r of results) {
    console.log(`\n${r.path} (${r.locale}):`);
    for (const script of r.scripts)
      console.log(
        `  ${kib(script.transfer).padStart(6)} KiB  ${kib(script.body).padStart(6)} KiB  ${script.url}`,
      );
  }
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** Stops the server cleanly (stopServer), then removes its data. */
async function cleanup() {
  const child = server;
  server = null;
  if (child) await stopServer(child);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = null;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void cleanup().then(() => process.exit(130)));
}
main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : error);
  await cleanup();
  process.exit(1);
});
