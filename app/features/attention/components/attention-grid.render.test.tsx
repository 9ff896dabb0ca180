import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { getServerI18n } from "~/i18n/i18n.server";
import type { AttentionRow } from "../attention";
import { AttentionGrid, hasUnsaved } from "./attention-grid";

// What the library knows of a product's barcode is offered in its row, as words the owner reads
// before accepting; nothing is in the cells until then.

const row: AttentionRow = {
  id: "7f1c1e0a-0000-4000-8000-000000000001",
  name: "Ајвар Витаминка",
  issues: ["description", "albanianName"],
  cells: ["description", "nameSq"],
  values: { description: "", netQuantity: "", netUnit: "", nameSq: "", vatRate: "5" },
  suggestion: { description: "Печени црвени пиперки, благ вкус.", nameSq: "Ajvar Vitaminka" },
};

function Grid() {
  return <AttentionGrid rows={[row]} />;
}

function render(locale: "mk" | "en" | "sq"): string {
  const Stub = createRoutesStub([{ path: "/dashboard/products/attention", Component: Grid }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n(locale)}>
      <Stub initialEntries={["/dashboard/products/attention"]} />
    </I18nextProvider>,
  );
}

describe("the needs-attention grid's library offers", () => {
  it("offers the library's description and Albanian name, in each language, with the cells still empty", () => {
    const mk = render("mk");
    expect(mk).toContain("Опис од библиотеката: Печени црвени пиперки, благ вкус.");
    expect(mk).toContain("Име на албански од библиотеката: Ajvar Vitaminka");
    expect(mk).toContain(">Прифати</button>");
    expect(mk).not.toMatch(/<input[^>]*value="Печени/);
    expect(render("en")).toContain("Description from the library: Печени црвени пиперки, благ вкус.");
    expect(render("sq")).toContain("Përshkrimi nga biblioteka: Печени црвени пиперки, благ вкус.");
  });

  it("counts an accepted offer as an unsaved change, and the page as opened as none", () => {
    const opened = { [`description:${row.id}`]: "", [`nameSq:${row.id}`]: "" };
    expect(hasUnsaved([row], opened)).toBe(false);
    expect(hasUnsaved([row], { ...opened, [`description:${row.id}`]: row.suggestion.description! })).toBe(
      true,
    );
  });
});
