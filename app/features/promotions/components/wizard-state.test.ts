import { describe, expect, it } from "vitest";
import { LOCALES } from "~/i18n/config";
import { getServerI18n } from "~/i18n/i18n.server";
import { customPriceProblem } from "./wizard-state";

// The products step's alert on top and the message beside the custom price field are drawn from
// the same problem: both must name the product and its regular price, in every language.
const milk = { id: "p1", name: "Млеко 1 л", priceCents: 8_000 };

describe("a custom price that is not below the regular price", () => {
  for (const locale of LOCALES) {
    it(`reads in ${locale} with the product and its regular price filled in`, () => {
      const problem = customPriceProblem(milk, "80", locale);
      expect(problem?.key).toBe("errors:customPriceTooHigh");
      const text = getServerI18n(locale).t(problem!.key, problem!.values);
      expect(text).not.toContain("{{");
      expect(text).toContain("Млеко 1 л");
      expect(text).toContain(locale === "en" ? "80.00" : "80,00");
    });
  }

  it("a lower custom price is no problem", () => {
    expect(customPriceProblem(milk, "79,99", "mk")).toBeNull();
  });
});
