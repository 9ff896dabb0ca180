import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { getServerI18n } from "~/i18n/i18n.server";
import { OverrideRow, type OverrideRowData } from "./override-row";

// A point of sale's own price set to exactly the store's price is the point's own (it
// stays when the store's price changes): the row shows it as its own, and says it is kept.

function Page() {
  const row = useLoaderData() as OverrideRowData;
  return (
    <OverrideRow row={row} storePriceCents={8_000} storeAvailability="in_stock" errors={{}} typed={null} />
  );
}

function render(row: OverrideRowData, lang: "mk" | "en" | "sq" = "mk"): string {
  const Stub = createRoutesStub([{ id: "row", path: "/", Component: Page }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n(lang)}>
      <Stub initialEntries={["/"]} hydrationData={{ loaderData: { row } }} />
    </I18nextProvider>,
  );
}

const base = { pointOfSaleId: "p1", name: "Тетово", availability: null, excluded: false };

describe("a point of sale's override row", () => {
  it("an own price equal to the store's reads as the point's own, kept when the store's price changes", () => {
    const html = render({ ...base, priceCents: 8_000 });
    expect(html).toContain("Посебни вредности на ова место");
    expect(html).toContain("останува таква и кога продавницата ќе ја смени својата");
    expect(html).toContain('value="80,00"');
    expect(html).not.toContain("Ги следи вредностите на продавницата");
    expect(render({ ...base, priceCents: 8_000 }, "en")).toContain(
      "it stays when the store changes its price",
    );
  });

  it("no own price follows the store, and a different own price needs no word", () => {
    expect(render({ ...base, priceCents: null })).toContain("Ги следи вредностите на продавницата");
    expect(render({ ...base, priceCents: 8_990 })).not.toContain("останува таква");
  });
});
