import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CopyButton } from "~/components/copy-button";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Textarea } from "~/components/ui/input";
import type { FieldErrors, MessageParams } from "~/lib/action-result";

export const EMBED_ORIGINS_INTENT = "embedOrigins";

/** The height the snippet gives the frame: a phone screen of cards; the site may change it. */
const SNIPPET_HEIGHT = "900px";

/** The copy-ready HTML: the frame, then a plain link for a site that does not allow frames. */
export function embedSnippet(options: {
  embedUrl: string;
  storeUrl: string;
  title: string;
  linkText: string;
}) {
  const attr = (value: string) =>
    value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const text = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return [
    `<iframe src="${attr(options.embedUrl)}" title="${attr(options.title)}" loading="lazy" style="width:100%;height:${SNIPPET_HEIGHT};border:0"></iframe>`,
    `<p><a href="${attr(options.storeUrl)}">${text(options.linkText)}</a></p>`,
  ].join("\n");
}

/**
 * Settings → store (decision 0136): the websites that may show the price list in a frame, the HTML to
 * paste into one, and the list as it looks in a frame.
 */
export function EmbedSettings({
  origins,
  embedUrl,
  storeUrl,
  previewUrl,
  storeName,
  failure,
}: {
  origins: string[];
  /** The list's frame address: the store's own domain when it has one. */
  embedUrl: string;
  storeUrl: string;
  /** The preview's address on this (the platform's) origin, the one origin the preview is framed by. */
  previewUrl: string;
  storeName: string;
  /** A refused save of this form: its messages, their values, and what was typed. */
  failure?: { errors: FieldErrors; params?: MessageParams; values?: Record<string, string> };
}) {
  const errors = failure?.errors ?? {};
  const typed = failure?.values?.embedOrigins;
  const { t } = useTranslation("storeSettings");
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    String(navigation.formData?.get("intent") ?? "") === EMBED_ORIGINS_INTENT;
  const snippet = embedSnippet({
    embedUrl,
    storeUrl,
    title: t("store:embed.title", { name: storeName }),
    linkText: t("embed.snippetLink", { name: storeName }),
  });
  const error = errors.embedOrigins;
  return (
    <Card className="mt-6 p-5" id="embed">
      <h3 className="font-semibold">{t("embed.title")}</h3>
      <p className="mt-1 text-gray-600 text-sm">{t("embed.subtitle")}</p>
      <FormAlert message={errors.form} className="mt-4" />
      <Form method="post" noValidate className="mt-4 flex flex-col gap-3">
        <input type="hidden" name="intent" value={EMBED_ORIGINS_INTENT} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="embed-origins" className="font-medium text-gray-800 text-sm">
            {t("embed.originsLabel")}
          </label>
          <Textarea
            // A new saved list (normalized) replaces what was typed: the field is uncontrolled.
            key={typed ?? origins.join("\n")}
            id="embed-origins"
            name="embedOrigins"
            rows={3}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            placeholder="https://marketana.mk"
            defaultValue={typed ?? origins.join("\n")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "embed-origins-error" : "embed-origins-hint"}
            className="font-mono"
          />
          {error ? (
            <p id="embed-origins-error" className="text-red-600 text-sm" role="alert">
              {t(error, failure?.params ?? {})}
            </p>
          ) : (
            <p id="embed-origins-hint" className="text-gray-500 text-xs">
              {t("embed.originsHint")}
            </p>
          )}
        </div>
        <p role="status" className="text-gray-700 text-sm">
          {origins.length > 0 ? t("embed.allowed", { origins: origins.join(", ") }) : t("embed.noneAllowed")}
        </p>
        <div>
          <Button type="submit" disabled={busy}>
            {t("embed.save")}
          </Button>
        </div>
      </Form>
      <div className="mt-5">
        <label htmlFor="embed-snippet" className="font-medium text-gray-800 text-sm">
          {t("embed.snippetLabel")}
        </label>
        <p className="mt-1 text-gray-600 text-sm">{t("embed.snippetHint")}</p>
        <div className="mt-2 flex flex-col items-start gap-2 sm:flex-row">
          <Textarea
            id="embed-snippet"
            readOnly
            rows={4}
            value={snippet}
            className="font-mono text-xs sm:text-xs"
            spellCheck={false}
          />
          <CopyButton text={snippet} targetId="embed-snippet" label={t("embed.snippetCopy")} />
        </div>
        <p className="mt-1 text-gray-600 text-xs">
          {t("embed.pointsOfSaleHint", { url: `${storeUrl}/…/embed` })}
        </p>
      </div>
      <div className="mt-5">
        <p className="font-medium text-gray-800 text-sm">{t("embed.previewTitle")}</p>
        <iframe
          src={previewUrl}
          title={t("embed.previewTitle")}
          loading="lazy"
          className="mt-2 h-[32rem] w-full rounded-md border border-gray-300"
        />
      </div>
    </Card>
  );
}
