import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { getServerI18n } from "~/i18n/i18n.server";
import { PreviewStep } from "./preview-step";

// The import's preview says what the file will do before it does it (decision 0126): the file's own
// columns per row, what was read from the names, the products a re-import updates, what the
// compliance check will still ask, and the days of an undated discount.

type Props = Parameters<typeof PreviewStep>[0];

function Page() {
  return <PreviewStep {...(useLoaderData() as Props)} />;
}

function render(props: Props, lang: "mk" | "en" | "sq" = "mk"): string {
  const Stub = createRoutesStub([{ id: "preview", path: "/", Component: Page }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n(lang)}>
      <Stub initialEntries={["/"]} hydrationData={{ loaderData: { preview: props } }} />
    </I18nextProvider>,
  );
}

const base: Props = {
  id: "job",
  sample: [
    {
      line: 2,
      name: "Кока-кола 0,5 л",
      priceCents: 4500,
      vatRate: "18",
      unit: "piece",
      barcode: "5310000000005",
      externalId: "00102",
      netQuantityMilli: 500,
      netUnit: "l",
      netQuantityFromName: "0,5 л",
    },
  ],
  pointOfSaleSample: [],
  skipped: [],
  notes: [],
  noteCount: 0,
  counts: { added: 3, updated: 7, unchanged: 0, skipped: 0 },
  newCategories: [],
  mappedFields: ["externalId", "name", "price", "vatRate", "unit", "barcode"],
  nameQuantities: { on: true, rows: 1 },
  undatedDiscounts: { rows: 2, answer: null },
  updatedNames: ["Леб бел", "Сол", "Шајки", "Млеко", "Јогурт"],
  compliance: [
    { issue: "description", count: 4, required: true },
    { issue: "vatRate", count: 1, required: false },
  ],
  today: "2026-11-27",
};

describe("the import preview", () => {
  it("shows every mapped column, the net quantity read from the name and the switch to turn it off", () => {
    const html = render(base);
    for (const header of ["ДДВ", "Единица мерка", "Нето количина", "Баркод", "Шифра"])
      expect(html).toContain(`>${header}</th>`);
    expect(html).toContain("5310000000005");
    expect(html).toContain("00102");
    expect(html).toContain("од називот: „0,5 л“");
    expect(html).toContain("Не читај од називите");
  });

  it("names the products a re-import updates and what the law will still ask", () => {
    const html = render(base);
    expect(html).toContain("Се ажурираат 7 постојни производи, меѓу нив: Леб бел, Сол, Шајки, Млеко, Јогурт");
    expect(html).toContain("Законот бара:");
    expect(html).toContain("на 4 производи ќе им недостасува опис");
    expect(html).toContain("Препорачано:");
    expect(render(base, "en")).toContain("4 products will still lack a description");
  });

  it("asks for the days and kind of sale of a discount column without dates", () => {
    const html = render(base);
    expect(html).toContain("2 реда имаат попуст без датуми");
    expect(html).toContain('name="discountStartsOn"');
    expect(html).toContain('name="discountEndsOn"');
    expect(html).toContain('name="discountType"');
    expect(render({ ...base, undatedDiscounts: { rows: 0, answer: null } })).not.toContain(
      "discountStartsOn",
    );
  });
});
