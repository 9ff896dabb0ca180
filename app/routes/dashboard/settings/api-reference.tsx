import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { Card } from "~/components/ui/card";
import { apiReference } from "~/features/api/api-reference.server";
import { getConfig } from "~/lib/config.server";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import type { Route } from "./+types/api-reference";

export const meta: Route.MetaFunction = titleMeta;

/** Settings → API → reference (decision 0072): rendered from the OpenAPI document, no outside scripts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerStore(context);
  return { title: pageTitle(request, "api:reference.title"), ...apiReference(getConfig().baseUrl) };
}

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-green-100 text-green-900",
  PUT: "bg-amber-100 text-amber-900",
};

export default function ApiReference({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("api");
  // The operations' summaries and descriptions are in the interface language; one the catalogues
  // do not know yet shows the OpenAPI document's English, marked as such.
  const translated = (operation: (typeof loaderData.operations)[number]) => {
    const key = `operations.${operation.id}.summary`;
    if (!i18n.exists(key, { ns: "api" })) return null;
    const description = `operations.${operation.id}.description`;
    return {
      summary: t(key as never),
      description: i18n.exists(description, { ns: "api" }) ? t(description as never) : null,
    };
  };
  const { server, operations, schemas } = loaderData;
  return (
    <div>
      <p className="text-sm">
        <Link to="/dashboard/settings/api" className="text-brand-700 underline">
          {t("reference.back")}
        </Link>
      </p>
      <h2 className="mt-2 font-semibold text-lg">{t("reference.title")}</h2>
      <p className="mt-1 text-gray-600 text-sm">{t("reference.intro")}</p>
      <p className="mt-1 text-gray-600 text-sm">{t("reference.englishNote")}</p>
      <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-medium">{t("reference.server")}</dt>
        <dd className="break-all font-mono">{server}</dd>
        <dt className="font-medium">{t("reference.document")}</dt>
        <dd className="break-all font-mono">
          <a href="/api/v1/openapi.json" className="text-brand-700 underline">
            {`${server}/openapi.json`}
          </a>
        </dd>
      </dl>
      <h3 className="mt-5 font-medium">{t("reference.example")}</h3>
      <pre className="mt-2 overflow-x-auto rounded-md bg-gray-900 p-3 text-gray-100 text-xs">
        {`curl -X PUT ${server}/prices/by-barcode/5310012345675 \\
  -H "Authorization: Bearer $VITRINA_TOKEN" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"priceCents": 8900}'`}
      </pre>
      <h3 className="mt-6 font-medium">{t("reference.operations")}</h3>
      <ul className="mt-2 flex flex-col gap-3">
        {operations.map((operation) => {
          const words = translated(operation);
          return (
            <li key={operation.id} id={operation.id}>
              <Card className="p-4">
                <p className="flex flex-wrap items-center gap-2">
                  <span
                    className={`rounded px-2 py-0.5 font-mono font-semibold text-xs ${METHOD_COLOURS[operation.method] ?? ""}`}
                  >
                    {operation.method}
                  </span>
                  <code className="break-all text-sm">{operation.path}</code>
                </p>
                {words ? (
                  <>
                    <p className="mt-2 font-medium text-sm">{words.summary}</p>
                    {words.description ? (
                      <p className="mt-1 text-gray-600 text-sm">{words.description}</p>
                    ) : null}
                  </>
                ) : (
                  <div lang="en">
                    <p className="mt-2 font-medium text-sm">{operation.summary}</p>
                    {operation.description ? (
                      <p className="mt-1 text-gray-600 text-sm">{operation.description}</p>
                    ) : null}
                  </div>
                )}
                <p className="mt-1 text-gray-600 text-xs">
                  {t("reference.scope")}: <code>{operation.scope}</code>
                </p>
                {operation.parameters.length > 0 ? (
                  <table className="mt-3 w-full text-left text-xs">
                    <caption className="sr-only">{t("reference.parameters")}</caption>
                    <thead>
                      <tr className="text-gray-500">
                        <th className="py-1 pr-2 font-medium">{t("reference.parameter")}</th>
                        <th className="py-1 pr-2 font-medium">{t("reference.in")}</th>
                        <th className="py-1 font-medium">{t("reference.type")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {operation.parameters.map((parameter) => (
                        <tr
                          key={`${parameter.in}-${parameter.name}`}
                          className="border-gray-100 border-t align-top"
                        >
                          <td className="py-1 pr-2 font-mono">
                            {parameter.name}
                            {parameter.required ? " *" : ""}
                          </td>
                          <td className="py-1 pr-2">{parameter.in}</td>
                          <td className="break-all py-1">
                            <code>{parameter.type}</code>
                            {parameter.description ? (
                              <span className="block text-gray-600" lang="en">
                                {parameter.description}
                              </span>
                            ) : null}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : null}
                {operation.requestBody ? (
                  <details className="mt-3">
                    <summary className="cursor-pointer text-sm">{t("reference.body")}</summary>
                    <pre className="mt-2 overflow-x-auto rounded bg-gray-50 p-2 text-xs">
                      {operation.requestBody}
                    </pre>
                  </details>
                ) : null}
                <p className="mt-3 text-gray-700 text-xs">
                  {t("reference.responses")}:{" "}
                  {operation.responses
                    .map((response) => `${response.status}${response.schema ? ` ${response.schema}` : ""}`)
                    .join(" · ")}
                </p>
              </Card>
            </li>
          );
        })}
      </ul>
      <h3 className="mt-6 font-medium">{t("reference.schemas")}</h3>
      {schemas.map((schema) => (
        <details key={schema.name} className="mt-2" id={`schema-${schema.name}`}>
          <summary className="cursor-pointer font-mono text-sm">{schema.name}</summary>
          <pre className="mt-2 overflow-x-auto rounded bg-gray-50 p-2 text-xs" lang="en">
            {schema.json}
          </pre>
        </details>
      ))}
    </div>
  );
}
