import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { CLIENT_IP_HEADER } from "~/auth/auth.server";
import { getPublicDb } from "~/db/db.server";
import { VerifyDropScript } from "~/features/seals/components/verify-drop-script";
import { VerifyResult } from "~/features/seals/components/verify-result";
import { getSealKeys } from "~/features/seals/seal-keys.server";
import {
  DAY_FILE_LIMIT,
  type Upload,
  VERIFY_BODY_LIMIT,
  type VerifyError,
  type VerifyOutcome,
  verifyUpload,
} from "~/features/seals/verify-upload.server";
import { parseLocale } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { getConfig } from "~/lib/config.server";
import { publicPageMeta } from "~/lib/page-title";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { loadAsDocument, STATIC_PAGE } from "~/shell/static-page";
import type { Route } from "./+types/verify";

// Decision 0132: /verify checks a downloaded day file against its seal on the server, so it is a
// plain multipart form; like the landing page (decision 0097) it is HTML and CSS only.
export const handle = STATIC_PAGE;

export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = publicPageMeta;

/** Each check hashes up to 16 MiB and reads the database: 20 a minute from one address is plenty. */
const checksPerClient = createRateLimiter({ limit: 20, windowMs: 60_000 });

const ERRORS: VerifyError[] = [
  "noFile",
  "fileTooLarge",
  "fileType",
  "sealTooLarge",
  "sealUnreadable",
  "sealNotFound",
  "rateLimited",
];

export function loader({ request }: Route.LoaderArgs) {
  const t = getFixedT(requestLocale(request));
  // The server's door answers a body over its limit with a redirect here (server/app.ts).
  const error = new URL(request.url).searchParams.get("error");
  return {
    title: t("pricelist:verify.title"),
    description: t("pricelist:verify.intro"),
    canonical: `${getConfig().baseUrl}/verify`,
    error: ERRORS.includes(error as VerifyError) ? (error as VerifyError) : null,
    maxMegabytes: Math.round(DAY_FILE_LIMIT / (1024 * 1024)),
  };
}

async function upload(value: FormDataEntryValue | null): Promise<Upload | null> {
  if (!(value instanceof File) || value.size === 0) return null;
  return { name: value.name, bytes: Buffer.from(await value.arrayBuffer()) };
}

const STATUS: Record<VerifyError, number> = {
  noFile: 400,
  fileTooLarge: 413,
  fileType: 415,
  sealTooLarge: 413,
  sealUnreadable: 400,
  sealNotFound: 404,
  rateLimited: 429,
};

/** POST multipart `file` (the day's .json or .csv) and optionally `seal` (its .seal.json). */
export async function action({ request }: Route.ActionArgs) {
  const refuse = (error: VerifyError) =>
    data<VerifyOutcome>(
      { ok: false, error },
      { status: STATUS[error], headers: { "Cache-Control": "no-store" } },
    );
  if (!checksPerClient.allow(request.headers.get(CLIENT_IP_HEADER) ?? "")) return refuse("rateLimited");
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > VERIFY_BODY_LIMIT) return refuse("fileTooLarge");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse("noFile");
  }
  const outcome = await verifyUpload(getPublicDb(), getSealKeys().published, {
    file: await upload(form.get("file")),
    seal: await upload(form.get("seal")),
  });
  if (!outcome.ok) return refuse(outcome.error);
  return data<VerifyOutcome>(outcome, { headers: { "Cache-Control": "no-store" } });
}

export default function VerifyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pricelist");
  const locale = parseLocale(i18n.language);
  const error = actionData && !actionData.ok ? actionData.error : loaderData.error;
  const result = actionData?.ok ? actionData.result : null;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-8">
      <h1 className="font-bold text-2xl text-gray-900">{t("verify.title")}</h1>
      <p className="text-gray-800">{t("verify.intro")}</p>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          {t(`verify.errors.${error}`, { megabytes: loaderData.maxMegabytes })}
        </p>
      ) : null}
      {result ? <VerifyResult result={result} locale={locale} /> : null}
      <form
        method="post"
        action="/verify"
        encType="multipart/form-data"
        data-drop-zone=""
        className="flex flex-col gap-4 rounded-xl border-2 border-gray-200 bg-white p-4 shadow-sm data-dragging:border-brand-600 data-dragging:border-dashed data-dragging:bg-brand-50"
      >
        {/* Shown by the drop zone's script; without script the fields below are the way. */}
        <p data-drop-hint="" hidden className="text-gray-700 text-sm">
          {t("verify.dropHint")}
        </p>
        <label className="flex flex-col gap-1">
          <span className="font-medium text-gray-900">{t("verify.fileLabel")}</span>
          <span className="text-gray-700 text-sm">
            {t("verify.fileHint", { megabytes: loaderData.maxMegabytes })}
          </span>
          <input
            type="file"
            name="file"
            required
            accept=".json,.csv,application/json,text/csv"
            className="min-w-0 max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-900"
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-medium text-gray-900">{t("verify.sealLabel")}</span>
          <span className="text-gray-700 text-sm">{t("verify.sealHint")}</span>
          <input
            type="file"
            name="seal"
            accept=".json,application/json"
            className="min-w-0 max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-2 file:font-medium file:text-gray-900"
          />
        </label>
        <button
          type="submit"
          className="self-start rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          {t("verify.submit")}
        </button>
      </form>
      <p className="text-gray-700 text-sm">
        {t("verify.keys")}{" "}
        <a
          href="/.well-known/vitrina-seal-keys.json"
          className="break-all font-medium text-brand-800 underline"
        >
          /.well-known/vitrina-seal-keys.json
        </a>
      </p>
      <VerifyDropScript />
    </div>
  );
}
