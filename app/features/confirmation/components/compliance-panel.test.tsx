import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { getServerI18n } from "~/i18n/i18n.server";
import type { CompliancePanelData } from "../panel.server";
import { CompliancePanel } from "./compliance-panel";

// The first day of a store opened after 10:00: the prompt says the deadline has passed and what
// that means, in each language, instead of only "confirm by 10:00 every day".

const panel = (openedAfterDeadline: boolean): CompliancePanelData => ({
  attention: 0,
  checked: 0,
  askAnyway: false,
  today: {
    day: "2026-11-20",
    counts: true,
    status: null,
    answeredAt: null,
    late: false,
    ask: true,
    openedAfterDeadline,
  },
  calendar: [],
  corrections: [],
  weekendsCount: true,
});

function Panel() {
  return <CompliancePanel panel={useLoaderData() as CompliancePanelData} />;
}

function render(locale: "mk" | "en" | "sq", data: CompliancePanelData): string {
  const Stub = createRoutesStub([{ id: "panel", path: "/dashboard/products", Component: Panel }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n(locale)}>
      <Stub initialEntries={["/dashboard/products"]} hydrationData={{ loaderData: { panel: data } }} />
    </I18nextProvider>,
  );
}

describe("the first day's confirmation prompt", () => {
  it("says today's deadline has passed, that the day is not missed, and what a confirmation now means", () => {
    const mk = render("mk", panel(true));
    expect(mk).toContain("Продавницата е отворена по денешниот рок од 10:00");
    expect(mk).toContain("не се брои како пропуштен");
    expect(mk).toContain("доцна потврден");
    expect(mk).not.toContain("Потврдете до 10:00 секој ден.");
    expect(render("en", panel(true))).toContain("Your store opened after today&#x27;s 10:00 deadline");
    expect(render("sq", panel(true))).toContain("Dyqani u hap pas afatit të sotëm në orën 10:00");
  });

  it("keeps the ordinary reminder before the deadline", () => {
    expect(render("mk", panel(false))).toContain("Потврдете до 10:00 секој ден.");
  });
});
