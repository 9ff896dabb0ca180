// Screenshots of pages with the system Chromium, for looking at what a change shows:
//   npx tsx scripts/screenshot.ts http://localhost:3000/demo /tmp/demo.png [phone|desktop] [mk|en|sq]
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";

const [url, out, size = "phone", lang = "mk"] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: screenshot.ts URL OUT.png [phone|desktop] [mk|en|sq]");
  process.exit(2);
}
const viewport = size === "desktop" ? { width: 1366, height: 900 } : { width: 390, height: 844 };
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
await context.addCookies([{ name: "lang", value: lang, url }]);
const page = await context.newPage();
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: process.env.FULL === "1" });
await browser.close();
console.log(out);
