import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { getServerI18n } from "~/i18n/i18n.server";
import { type ReportActionData, ReportDialog } from "./report-dialog";

// The report dialog is a plain form posted as a document (decision 0128): a refused report comes
// back as a new page, so what the visitor chose and typed must come back with it.

function Page() {
  const { result } = useLoaderData() as { result?: ReportActionData };
  return <ReportDialog product={{ id: "p1", name: "Ајвар 350 г" }} closeHref="/demo" result={result} />;
}

function render(result?: ReportActionData): string {
  const Stub = createRoutesStub([{ id: "page", path: "/", Component: Page }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n("mk")}>
      <Stub initialEntries={["/"]} hydrationData={{ loaderData: { page: { result } } }} />
    </I18nextProvider>,
  );
}

/** The reasons whose checkbox is checked, in the page's order. */
const checked = (html: string) =>
  [...html.matchAll(/<input type="checkbox"[^>]*name="reasons"[^>]*>/g)]
    .filter(([input]) => input.includes("checked"))
    .map(([input]) => /value="(\w+)"/.exec(input)?.[1]);

describe("the report dialog", () => {
  it("a refused report shows the reasons chosen and the text typed again, with the message", () => {
    const html = render({
      ok: false,
      errors: { description: "compliance:report.descriptionRequired" },
      values: { reasons: "price,other", description: "Цената на полицата е <друга>" },
    });
    expect(checked(html)).toEqual(["price", "other"]);
    expect(html).toContain("Цената на полицата е &lt;друга&gt;</textarea>");
    expect(html).toContain('role="alert"');
  });

  it("a first opening has nothing chosen and an empty description", () => {
    const html = render();
    expect(checked(html)).toEqual([]);
    expect(html).toMatch(/<textarea[^>]*><\/textarea>/);
  });
});
