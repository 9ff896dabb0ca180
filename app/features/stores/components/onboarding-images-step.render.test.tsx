import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { getServerI18n } from "~/i18n/i18n.server";
import { ImagesStep, type OnboardingProduct } from "./onboarding-images-step";

// Step 5 after a till file's import: hundreds of products, and the owner may finish at any of them
// instead of skipping every one to reach the last.

const productAt = (i: number): OnboardingProduct => ({
  id: `p${i}`,
  name: `Производ ${i + 1}`,
  imageUrl: null,
});

function Page() {
  const index = Number(useLoaderData() as number);
  return <ImagesStep product={productAt(index)} index={index} total={300} suggestions={[]} busy={false} />;
}

function render(index: number): string {
  const Stub = createRoutesStub([{ id: "step5", path: "/onboarding", Component: Page }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n("mk")}>
      <Stub initialEntries={["/onboarding?step=5"]} hydrationData={{ loaderData: { step5: index } }} />
    </I18nextProvider>,
  );
}

const finishButton = (label: string) =>
  new RegExp(
    `<button(?=[^>]*type="submit")(?=[^>]*name="intent")(?=[^>]*value="finish")[^>]*>${label}</button>`,
  );

describe("onboarding step 5 with 300 products", () => {
  it("offers to finish from the first product, leaving the rest without images", () => {
    const html = render(0);
    expect(html).toContain("Производ 1 од 300: Производ 1");
    expect(html).toMatch(finishButton("Заврши, останатите без слики"));
    expect(html).toMatch(/<a [^>]*href="\/onboarding\?step=5&amp;i=1"[^>]*>Прескокни<\/a>/);
  });

  it("finishes plainly on the last product", () => {
    const html = render(299);
    expect(html).toMatch(finishButton("Заврши"));
    expect(html).not.toContain("останатите без слики");
  });
});
