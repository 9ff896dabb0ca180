// Times one onboarding at phone width (the goal: under 4 minutes of clicking), clicking and typing
// through the real UI in mk like a person: DELAY ms per typed character, THINK ms before each
// action. Screenshots of every step go to /tmp/i4shots/.
//   BASE=http://localhost:3401 DELAY=250 THINK=2000 npx tsx scripts/measure-onboarding.ts
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";

mkdirSync("/tmp/i4shots", { recursive: true });
const base = process.env.BASE ?? "http://localhost:3401";
const lang = process.env.LANG_ ?? "mk";
const delay = Number(process.env.DELAY ?? 0);
const think = Number(process.env.THINK ?? 0);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  timezoneId: "Europe/Skopje",
});
await context.addCookies([{ name: "lang", value: lang, url: base }]);
const page = await context.newPage();
const pause = () => page.waitForTimeout(think);
page.on("console", (m) => {
  if (m.type() === "error") console.log("console error:", m.text());
});
const shot = (n: string) => page.screenshot({ path: `/tmp/i4shots/${n}.png`, fullPage: true });
const email = `walk-${Date.now()}@example.test`;
await page.goto(`${base}/auth/register`);
await page.waitForTimeout(1000);
const started = Date.now();
const type = async (label: string | RegExp, text: string) => {
  await pause();
  const el = page.getByLabel(label, { exact: typeof label === "string" }).first();
  await el.click();
  await el.pressSequentially(text, { delay });
};
await type("Е-пошта", email);
await type("Лозинка", "lozinka-123");
await type("Потврдете ја лозинката", "lozinka-123");
await page.getByRole("button", { name: /Креирај|Регистр/ }).click();
await page.waitForURL(/onboarding/);
await page.waitForTimeout(800);
await shot("1-store");
const storeName = `Маркет Пела ${Date.now().toString(36).slice(-4)}`;
await type("Име на продавницата", storeName);
await page.getByText(/Слободно|Достапно/).waitFor();
await pause();
await page.getByRole("button", { name: "Продолжи" }).click();
await page.waitForURL(/step=2/);
await shot("2-phone");
await type("Телефон", "071 234 567");
await pause();
await page.getByRole("button", { name: "Продолжи" }).click();
await page.waitForURL(/step=3/);
await type("Име на фирмата", "Пела ДООЕЛ");
await type("Адреса на фирмата (град или село)", "Тетов");
await page.getByRole("option").first().waitFor();
await shot("3-company-suggest");
await pause();
await page.getByRole("option").first().click();
await type("Улица и број", "ул. Илинденска 12");
const logo = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#0a7" } })
  .png()
  .toBuffer();
await pause();
await page
  .getByLabel("Лого на фирмата")
  .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
await page.locator("img[src*='/uploads/']").waitFor();
await shot("3-company");
await pause();
await page.getByRole("button", { name: "Продолжи" }).click();
await page.waitForURL(/step=4/);
await type("Име на производ 1", "Леб бел 500 г");
await type("Цена на производ 1", "35");
await type("Име на производ 2", "Млеко 1 л");
await type("Цена на производ 2", "75,50");
await shot("4-products");
await pause();
await page.getByRole("button", { name: "Продолжи" }).click();
await page.waitForURL(/step=5/);
await shot("5-images");
const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#c84" } })
  .jpeg()
  .toBuffer();
await pause();
await page.getByLabel(/Слика за/).setInputFiles({ name: "leb.jpg", mimeType: "image/jpeg", buffer: photo });
await page.locator("img[src*='/uploads/']").waitFor();
await pause();
await page.getByRole("link", { name: "Следен производ" }).click();
await page.waitForURL(/i=1/);
await pause();
await page.getByRole("button", { name: "Заврши" }).click();
await page.waitForURL(/dashboard\/products/);
console.log(
  `onboarding took ${((Date.now() - started) / 1000).toFixed(1)} s (typing delay ${delay} ms/char)`,
);
await shot("6-products");
await page.goto(
  `${base}/${await page.evaluate(() => document.querySelector("a[href^='/market']")?.getAttribute("href")?.slice(1) ?? "")}`,
);
await shot("7-public");
await browser.close();
