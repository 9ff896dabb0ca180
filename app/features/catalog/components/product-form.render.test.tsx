import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { getServerI18n } from "~/i18n/i18n.server";
import { EMPTY_PRODUCT, ProductForm } from "./product-form";

// Changing a price is the most common edit; on a phone (one column, the document's order) the
// price came after the name, the description and the photo.

const EXISTING = "00000000-0000-4000-8000-000000000001";

function Existing() {
  return (
    <ProductForm
      values={{ ...EMPTY_PRODUCT, name: "Леб", price: "40" }}
      productId={EXISTING}
      categories={[]}
      submitLabel="Зачувај"
    />
  );
}

function New() {
  return <ProductForm values={EMPTY_PRODUCT} categories={[]} submitLabel="Додај" />;
}

function render(productId?: string): string {
  const Stub = createRoutesStub([{ path: "/", Component: productId ? Existing : New }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n("mk")}>
      <Stub initialEntries={["/"]} />
    </I18nextProvider>,
  );
}

const order = (html: string, names: string[]) => names.map((name) => html.indexOf(`name="${name}"`));

describe("the product form's order", () => {
  it("starts an existing product's form with its price, before the name, the description and the photo", () => {
    const html = render(EXISTING);
    const [price, regular, name, description, image] = order(html, [
      "price",
      "regularPrice",
      "name",
      "description",
      "imageKey",
    ]);
    for (const position of [price, regular, name, description, image]) expect(position).toBeGreaterThan(-1);
    expect(price).toBeLessThan(regular!);
    expect(regular).toBeLessThan(name!);
    expect(name).toBeLessThan(description!);
    expect(description).toBeLessThan(image!);
  });

  it("asks a new product's price right after its name, before the description and the photo", () => {
    const [name, price, description, image] = order(render(), ["name", "price", "description", "imageKey"]);
    expect(name).toBeGreaterThan(-1);
    expect(name).toBeLessThan(price!);
    expect(price).toBeLessThan(description!);
    expect(description).toBeLessThan(image!);
  });
});
