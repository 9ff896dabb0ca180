import { describe, expect, it } from "vitest";
import { type CardLabels, type CardProduct, productCardsHtml } from "./product-cards-html";

const labels: CardLabels = {
  locale: "en",
  availability: { in_stock: "In stock", out_of_stock: "Out of stock", on_order: "On order" },
  units: { piece: "piece", kg: "kg", g: "g", l: "l" },
  regularPrice: "Regular price {{price}}",
  discount: "Discount {{percent}} %, you save {{amount}}",
  unitPrice: "{{price}} per {{unit}}",
  vat: "VAT {{rate}} %",
  vatIncluded: "Price incl. VAT",
  vatNone: "Not subject to VAT",
  report: "Report",
  reportLabel: "Report a problem with {{product}}",
  promotionTypes: { clearance: "Clearance sale", sales_action: "Special offer" },
  promotion: "{{type}} from {{from}} to {{to}}",
  priorPrice: "Lowest price in the 30 days before: {{price}}",
};

const base: CardProduct = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "Млеко 1 л",
  description: null,
  priceCents: 8_000,
  regularPriceCents: null,
  vatRate: "5",
  unit: "piece",
  netQuantityMilli: 1_000_000,
  netUnit: "ml",
  availability: "in_stock",
  imageUrl: null,
  categoryName: null,
};

const render = (product: Partial<CardProduct>) =>
  productCardsHtml([{ ...base, ...product }], labels, (id) => `/shop?report=${id}`);
const text = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/ +/g, " ");

describe("public product cards", () => {
  it("shows a running promotion's type, its days and the prior price beside the struck-through regular price", () => {
    const out = text(
      render({
        priceCents: 8_000,
        regularPriceCents: 10_000,
        promotion: {
          type: "clearance",
          startsOn: "2026-12-01",
          endsOn: "2026-12-07",
          priorPriceCents: 9_000,
        },
      }),
    );
    expect(out).toContain("Regular price MKD\u00a0100.00");
    expect(out).toContain("Discount 20 %, you save MKD\u00a020.00");
    expect(out).toContain("Clearance sale from 01/12/2026 to 07/12/2026");
    expect(out).toContain("Lowest price in the 30 days before: MKD\u00a090.00");
    expect(render({ priceCents: 8_000, regularPriceCents: 10_000 })).not.toContain("pc-promo");
  });

  it("shows every law field of a discounted product", () => {
    const out = text(
      render({ priceCents: 8_000, regularPriceCents: 10_000, description: "Свежо", categoryName: "Млечни" }),
    );
    expect(out).toContain("Млеко 1 л");
    expect(out).toContain("MKD\u00a080.00"); // selling price with VAT
    expect(out).toContain("Regular price MKD\u00a0100.00");
    expect(out).toContain("Discount 20 %, you save MKD\u00a020.00");
    expect(out).toContain("MKD\u00a080.00 per l"); // unit price
    expect(out).toContain("Свежо");
    expect(out).toContain("In stock");
    expect(out).toContain("Price incl. VAT · VAT 5 %");
    expect(out).toContain("Млечни");
  });

  it("shows a regular price that is not a discount without a reduction", () => {
    const out = text(render({ regularPriceCents: 8_000 }));
    expect(out).toContain("Regular price MKD\u00a080.00");
    expect(out).not.toContain("Discount");
  });

  it("escapes what the owner typed, in text and in the report link's label", () => {
    const out = render({
      name: `"><img src=x onerror=alert(1)>`,
      description: "<script>alert(2)</script>",
      categoryName: "<b>bold</b>",
    });
    expect(out).not.toMatch(/<img src=x|<script>|<b>/);
    expect(out).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(out).toContain('aria-label="Report a problem with &quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
  });

  it("links each card's report to this page with the product, and sizes images", () => {
    const out = render({ imageUrl: "/uploads/p/abc-800.webp" });
    expect(out).toContain(`href="/shop?report=${base.id}"`);
    expect(out).toContain('src="/uploads/p/abc-320.webp" alt="" width="64" height="64"');
    expect(out).toContain(`data-product-id="${base.id}"`);
  });

  it("says when a product is not subject to VAT", () => {
    expect(text(render({ vatRate: "none" }))).toContain("Not subject to VAT");
  });
});
