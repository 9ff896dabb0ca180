import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { ApiScope } from "~/db/schema/api-tokens";
import type { Locale } from "~/i18n/config";
import { formatDateTime } from "~/lib/dates";

export type TokenListItem = {
  id: string;
  name: string;
  hint: string;
  scopes: ApiScope[];
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
  revokedAt: Date | string | null;
};

/** The store's tokens, newest first: what each may do, when it was last used, and revoke. */
export function TokenList({ tokens }: { tokens: TokenListItem[] }) {
  const { t, i18n } = useTranslation("api");
  const locale = i18n.language as Locale;
  if (tokens.length === 0) return <p className="mt-6 text-gray-600 text-sm">{t("tokens.empty")}</p>;
  return (
    <ul className="mt-6 flex flex-col gap-3" aria-label={t("tokens.listLabel")}>
      {tokens.map((token) => (
        <li key={token.id}>
          <Card className="flex flex-wrap items-start justify-between gap-3 p-4">
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium">
                {token.name} <span className="font-mono text-gray-500 text-xs">{token.hint}…</span>
              </p>
              <p className="mt-1 text-gray-600 text-sm">
                {token.scopes.map((scope) => t(`scopes.${scope}.label`)).join(" · ")}
              </p>
              <p className="mt-1 text-gray-500 text-xs">
                {t("tokens.createdAt", { date: formatDateTime(token.createdAt, locale) })} ·{" "}
                {token.lastUsedAt
                  ? t("tokens.lastUsed", { date: formatDateTime(token.lastUsedAt, locale) })
                  : t("tokens.neverUsed")}
              </p>
            </div>
            {token.revokedAt ? (
              <span className="rounded-full bg-gray-100 px-2 py-1 text-gray-700 text-xs">
                {t("tokens.revokedOn", { date: formatDateTime(token.revokedAt, locale) })}
              </span>
            ) : (
              <Form method="post">
                <input type="hidden" name="tokenId" value={token.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="revoke"
                  variant="outline"
                  size="sm"
                  aria-label={t("tokens.revokeNamed", { name: token.name })}
                >
                  {t("tokens.revoke")}
                </Button>
              </Form>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
