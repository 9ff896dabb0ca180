import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { getServerI18n } from "~/i18n/i18n.server";
import { AttentionCount } from "./attention-notice";

function Notice() {
  return <AttentionCount count={300} />;
}

function render(locale: "mk" | "en" | "sq"): string {
  const Stub = createRoutesStub([{ path: "/dashboard", Component: Notice }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n(locale)}>
      <Stub initialEntries={["/dashboard"]} />
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
});
