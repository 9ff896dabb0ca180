import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/e2e-fixtures";
import { DESKTOP, PHONE } from "../support/viewports";

// /verify as an inspector without JavaScript uses it (decision 0132): a day's file and its seal
// taken from the demo store's archive page are verified by the plain form; one changed byte is not.

const MK = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../app/locales/mk/pricelist.json"), "utf8"),
) as {
  files: { seal: string };
  verify: Record<
    | "fileLabel"
    | "sealLabel"
    | "submit"
    | "verified"
    | "notVerified"
    | "bytesMatch"
    | "bytesDiffer"
    | "dropHint",
    string
  > & { errors: { fileTooLarge: string } };
};

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px, without JavaScript`, () => {
    test.use({ viewport, javaScriptEnabled: false });

    test("a day's file and its seal verify; one changed byte does not", async ({ page }) => {
      await page.goto("/demo/prices");
      const sealLink = page.getByRole("link", { name: MK.files.seal, exact: true }).first();
      const sealPath = (await sealLink.getAttribute("href"))!;
      const day = /(\d{4}-\d{2}-\d{2})\.seal\.json$/.exec(sealPath)![1]!;
      const json = await (await page.request.get(`/demo/prices/${day}.json`)).body();
      const seal = await (await page.request.get(sealPath)).body();

      await page.getByRole("link", { name: "страницата за проверка" }).click();
      await expect(page).toHaveURL(/\/verify$/);
      // The drop zone's hint is for a browser that runs its script.
      await expect(page.getByText(MK.verify.dropHint)).toBeHidden();
      // A document: no framework script is loaded.
      expect(await page.locator("script[src], link[rel=modulepreload]").count()).toBe(0);
      const verify = async (file: Buffer) => {
        await page.getByLabel(MK.verify.fileLabel).setInputFiles({
          name: `demo-prices-${day}.json`,
          mimeType: "application/json",
          buffer: file,
        });
        await page.getByLabel(MK.verify.sealLabel).setInputFiles({
          name: `demo-prices-${day}.seal.json`,
          mimeType: "application/json",
          buffer: seal,
        });
        await page.getByRole("button", { name: MK.verify.submit }).click();
      };

      await verify(json);
      await expect(page.getByRole("heading", { name: MK.verify.verified })).toBeVisible();
      await expect(page.getByText(MK.verify.bytesMatch.replace("{{format}}", "JSON"))).toBeVisible();
      await expect(page.getByText("Маркет Демо")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      const changed = Buffer.from(json);
      const at = changed.indexOf('"price": "') + 10;
      changed[at] = changed[at] === 0x31 ? 0x32 : 0x31;
      await verify(changed);
      await expect(page.getByRole("heading", { name: MK.verify.notVerified })).toBeVisible();
      await expect(page.getByText(MK.verify.bytesDiffer)).toBeVisible();
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a file over the limit is refused with the page's own message, not a connection error", async ({
    page,
  }) => {
    // 20 MB: over the 16 MB limit, within what the server reads to its end before answering.
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "vitrina-verify-")), "big.json");
    writeFileSync(file, `{${" ".repeat(20 * 1024 * 1024)}}`);
    await page.goto("/verify");
    await page.getByLabel(MK.verify.fileLabel).setInputFiles(file);
    await page.getByRole("button", { name: MK.verify.submit }).click();
    await expect(page).toHaveURL(/\/verify\?error=fileTooLarge$/);
    await expect(page.getByRole("alert")).toHaveText(
      MK.verify.errors.fileTooLarge.replace("{{megabytes}}", "16"),
    );
  });
});

test.describe("a sealed day's page, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the archive page opens a sealed day's page with its list, its seal and /verify", async ({ page }) => {
    const PAGES = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, "../../app/locales/mk/pricelist.json"), "utf8"),
    ) as { day: Record<"view" | "seal", string>; verify: { confirmedAt: string } };
    await page.goto("/demo/prices");
    const view = page.getByRole("link", { name: PAGES.day.view, exact: true }).first();
    const href = (await view.getAttribute("href"))!;
    const day = /\/demo\/prices\/day\/(\d{4}-\d{2}-\d{2})$/.exec(href)![1]!;
    await view.click();
    await expect(page).toHaveURL(new RegExp(`/demo/prices/day/${day}$`));
    const [year, month, date] = day.split("-");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`${date}.${month}.${year}`);
    await expect(page.getByText(PAGES.verify.confirmedAt)).toBeVisible();
    await expect(page.getByRole("link", { name: `/demo/prices/${day}.seal.json` })).toBeVisible();
    await expect(page.getByRole("table")).toBeVisible();
    expect(await page.getByRole("row").count()).toBeGreaterThan(5);
    // A published document: no framework script is loaded.
    expect(await page.locator("script[src], link[rel=modulepreload]").count()).toBe(0);
    // The bare day's address leads to the same page.
    await page.goto(`/demo/prices/${day}`);
    await expect(page).toHaveURL(new RegExp(`/demo/prices/day/${day}$`));
  });
});

test.describe("with JavaScript", () => {
  test("a day's file and its seal dropped onto the form verify", async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    await page.goto("/demo/prices");
    const sealPath = (await page
      .getByRole("link", { name: MK.files.seal, exact: true })
      .first()
      .getAttribute("href"))!;
    const day = /(\d{4}-\d{2}-\d{2})\.seal\.json$/.exec(sealPath)![1]!;
    const json = await (await page.request.get(`/demo/prices/${day}.json`)).body();
    const seal = await (await page.request.get(sealPath)).body();
    await page.goto("/verify");
    await expect(page.getByText(MK.verify.dropHint)).toBeVisible();
    // The two files at once, as dragged from a downloads folder; the seal finds its own field.
    const dataTransfer = await page.evaluateHandle(
      ({ day, json, seal }) => {
        const bytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(
          new File([bytes(seal)], `demo-prices-${day}.seal.json`, { type: "application/json" }),
        );
        transfer.items.add(new File([bytes(json)], `demo-prices-${day}.json`, { type: "application/json" }));
        return transfer;
      },
      { day, json: json.toString("base64"), seal: seal.toString("base64") },
    );
    const form = page.locator("form[data-drop-zone]");
    await form.dispatchEvent("dragover", { dataTransfer });
    await expect(form).toHaveAttribute("data-dragging", "");
    await form.dispatchEvent("drop", { dataTransfer });
    await expect(form).not.toHaveAttribute("data-dragging", "");
    expect(
      await page
        .getByLabel(MK.verify.fileLabel)
        .evaluate((input: HTMLInputElement) => input.files?.[0]?.name),
    ).toBe(`demo-prices-${day}.json`);
    expect(
      await page
        .getByLabel(MK.verify.sealLabel)
        .evaluate((input: HTMLInputElement) => input.files?.[0]?.name),
    ).toBe(`demo-prices-${day}.seal.json`);
    await page.getByRole("button", { name: MK.verify.submit }).click();
    await expect(page.getByRole("heading", { name: MK.verify.verified })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
