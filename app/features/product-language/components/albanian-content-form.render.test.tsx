import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SaveButton } from "~/features/stores/components/save-button";
import { getServerI18n } from "~/i18n/i18n.server";
import { AlbanianContentForm } from "./albanian-content-form";

// Settings → store shows two forms, the store's and the product languages'. Two buttons both named
// "Save" cannot be told apart by a screen reader's list of buttons or by keyboard users: the
// languages form's button says what it saves, in every language.

function Page() {
  return (
    <>
      <SaveButton busy={false} />
      <AlbanianContentForm enabled={false} />
    </>
  );
}

function buttonsOf(lang: "mk" | "en" | "sq"): string[] {
  const Stub = createRoutesStub([{ path: "/dashboard/settings/store", Component: Page }]);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n(lang)}>
      <Stub initialEntries={["/dashboard/settings/store"]} />
    </I18nextProvider>,
  );
  return [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]!);
}

describe("the product languages form's save button", () => {
  it.each([
    ["mk", ["Зачувај", "Зачувај јазици"]],
    ["en", ["Save", "Save languages"]],
    ["sq", ["Ruaj", "Ruaj gjuhët"]],
  ] as const)("in %s is named apart from the store form's", (lang, expected) => {
    expect(buttonsOf(lang)).toEqual(expected);
  });
});
