import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation } from "react-router";
import { CLIENT_IP_HEADER } from "~/auth/auth.server";
import { requireOwnerStore } from "~/auth/guards.server";
import { CopyButton } from "~/components/copy-button";
import { FormAlert } from "~/components/form-alert";
import { Card } from "~/components/ui/card";
import { API_SCOPES } from "~/db/schema/api-tokens";
import { apiTokenSchema } from "~/features/api/api-token.schema";
import { createApiToken, listApiTokens, revokeApiToken } from "~/features/api/api-token.server";
import { NewTokenForm } from "~/features/api/components/new-token-form";
import { TokenList } from "~/features/api/components/token-list";
import { failureOf } from "~/lib/action-result";
import { flashHeaders } from "~/lib/flash.server";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { Route } from "./+types/api";

export const meta: Route.MetaFunction = titleMeta;

/** Settings → API (decision 0071): the store's tokens for POS and ERP programs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const tokens = await listApiTokens(ctx);
  return {
    title: pageTitle(request, "api:tokens.title"),
    tokens: tokens.map(({ storeId: _store, createdBy: _by, ...token }) => token),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx, user } = await requireOwnerStore(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const meta = {
    email: user.email,
    ipAddress: request.headers.get(CLIENT_IP_HEADER) || null,
    userAgent: request.headers.get("user-agent"),
  };
  if (intent === "revoke") {
    return handleAction(
      async () => {
        await revokeApiToken(ctx, String(form.get("tokenId") ?? ""), meta);
        return redirect("/dashboard/settings/api", { headers: flashHeaders("api:tokens.revoked") });
      },
      { intent, flashFailureTo: "/dashboard/settings/api" },
    );
  }
  const values = { name: String(form.get("name") ?? "") };
  return handleAction(
    async () => {
      const input = parseForm(apiTokenSchema, { ...values, scopes: form.getAll("scopes").map(String) });
      const { token, secret } = await createApiToken(ctx, input, meta);
      // The secret is in this answer only: it is never stored or shown again.
      return { secret, name: token.name };
    },
    { intent: "create", values },
  );
}

export default function ApiSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("api");
  const failure = failureOf(actionData, "create");
  const created = actionData?.ok && "secret" in actionData ? actionData : null;
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <h2 className="font-semibold text-lg">{t("tokens.title")}</h2>
      <p className="mt-1 text-gray-600 text-sm">{t("tokens.subtitle")}</p>
      <p className="mt-2 text-sm">
        <Link to="/dashboard/settings/api/reference" className="font-medium text-brand-700 underline">
          {t("reference.link")}
        </Link>
      </p>
      {created ? (
        <Card className="mt-4 border-green-300 bg-green-50 p-4" role="status">
          <p className="font-medium text-green-900 text-sm">{t("tokens.created", { name: created.name })}</p>
          <label htmlFor="new-token-secret" className="mt-2 block text-green-900 text-sm">
            {t("tokens.secretLabel")}
          </label>
          <div className="mt-1 flex flex-wrap gap-2 sm:flex-nowrap">
            <input
              id="new-token-secret"
              readOnly
              value={created.secret}
              className="w-full min-w-0 rounded-md border border-green-300 bg-white px-3 py-2 font-mono text-sm"
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton text={created.secret} targetId="new-token-secret" />
          </div>
          <p className="mt-2 text-green-900 text-sm">{t("tokens.shownOnce")}</p>
        </Card>
      ) : null}
      <Card className="mt-4 p-5">
        <h3 className="font-medium">{t("tokens.new")}</h3>
        <FormAlert message={failure?.errors.form} className="mt-3" />
        {/* A new form after each token made: the name typed for the last one is cleared. */}
        <Form method="post" noValidate className="mt-3" key={created?.secret ?? "new"}>
          <NewTokenForm
            scopes={API_SCOPES}
            errors={failure?.errors ?? {}}
            values={failure?.values ?? {}}
            busy={busy}
          />
        </Form>
      </Card>
      <TokenList tokens={loaderData.tokens} />
    </div>
  );
}
