import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { getServerI18n } from "~/i18n/i18n.server";
import { AttentionCount } from "./attention-notice";

type Counts = { count: number; checked: number };

function Notice() {
  const { count, checked } = useLoaderData() as Counts;
  return <AttentionCount count={count} checked={checked} />;
}

function render(locale: "mk" | "en" | "sq", count = 300, checked = 300): string {
  const Stub = createRoutesStub([{ id: "notice", path: "/dashboard", Component: Notice }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n(locale)}>
      <Stub initialEntries={["/dashboard"]} hydrationData={{ loaderData: { notice: { count, checked } } }} />
    </I18nextProvider>,
  );
}

describe("the compliance panel's attention notice", () => {
  it("offers the grid, the .xlsx of exactly those products and the import that reads it back", () => {
    const mk = render("mk");
    expect(mk).toContain('href="/dashboard/products/attention"');
    expect(mk).toContain('href="/dashboard/products/attention/export"');
    expect(mk).toContain('href="/dashboard/products/import"');
    expect(mk).toContain("Преземете ги во Excel (.xlsx)");
    expect(render("en")).toContain("Download them as Excel (.xlsx)");
    expect(render("sq")).toContain("Shkarkojini në Excel (.xlsx)");
  });

  it("says plainly that the list is complete when no product needs attention", () => {
    expect(render("mk", 0, 300)).toContain(
      "Вашиот ценовник е комплетен: ниту еден производ не бара внимание.",
    );
    expect(render("en", 0, 300)).toContain("Your price list is complete: no product needs attention.");
    expect(render("sq", 0, 300)).toContain(
      "Lista juaj e çmimeve është e plotë: asnjë produkt nuk kërkon vëmendje.",
    );
    expect(render("mk", 0, 300)).not.toContain("бараат внимание");
    // While products need attention, or before there are any, the list is not called complete.
    expect(render("mk", 2, 300)).not.toContain("комплетен");
    expect(render("mk", 0, 0)).toBe("");
  });
});
