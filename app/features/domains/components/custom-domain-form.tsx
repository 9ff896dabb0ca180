import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { Locale } from "~/i18n/config";
import type { FieldErrors } from "~/lib/action-result";
import { formatDateTime } from "~/lib/dates";

export const DOMAIN_CLAIM_INTENT = "domainClaim";
export const DOMAIN_CHECK_INTENT = "domainCheck";
export const DOMAIN_REMOVE_INTENT = "domainRemove";
export const DOMAIN_INTENTS = [DOMAIN_CLAIM_INTENT, DOMAIN_CHECK_INTENT, DOMAIN_REMOVE_INTENT];

export type DomainView = {
  domain: string;
  verified: boolean;
  recordName: string;
  recordValue: string;
  checkedAt: string | null;
  lastSeenAt: string | null;
};

/** Settings → store: the store's own domain (decision 0133): add it, set two records, check, remove. */
export function CustomDomainForm({
  view,
  platformHost,
  platformAddresses,
  https,
  lapseDays,
  errors,
  typed,
}: {
  view: DomainView | null;
  platformHost: string;
  /** The front's public addresses (PLATFORM_IPV4 / PLATFORM_IPV6); empty when not set. */
  platformAddresses: { ipv4: string[]; ipv6: string[] };
  /** Whether the platform (and so the domain, behind the same front) is served over TLS. */
  https: boolean;
  lapseDays: number;
  errors: FieldErrors;
  typed?: string;
}) {
  const { t, i18n } = useTranslation("storeSettings");
  const navigation = useNavigation();
  const busyWith = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const locale = i18n.language as Locale;
  return (
    <Card className="mt-6 p-5" id="domain">
      <h3 className="font-semibold">{t("domain.title")}</h3>
      <p className="mt-1 text-gray-600 text-sm">{t("domain.subtitle")}</p>
      <FormAlert message={errors.form} className="mt-4" />
      {view ? (
        <div className="mt-4 flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <span className="break-all font-medium font-mono">{view.domain}</span>
            <span
              role="status"
              className={
                view.verified
                  ? "rounded-full bg-brand-50 px-2 py-0.5 text-brand-800 text-xs"
                  : "rounded-full bg-amber-50 px-2 py-0.5 text-amber-800 text-xs"
              }
            >
              {view.verified ? t("domain.verified") : t("domain.pending")}
            </span>
          </div>
          {view.verified ? (
            <p className="text-gray-700 text-sm">
              {t("domain.servedAt")}{" "}
              <a
                className="break-all text-brand-700 underline"
                href={`${https ? "https" : "http"}://${view.domain}`}
              >
                {`${https ? "https" : "http"}://${view.domain}`}
              </a>
            </p>
          ) : null}
          <div>
            <p className="font-medium text-gray-800 text-sm">{t("domain.recordsTitle")}</p>
            <p className="mt-1 text-gray-600 text-sm">{t("domain.recordsHint")}</p>
            <dl className="mt-3 flex flex-col gap-3 text-sm">
              <Record type="CNAME" name={view.domain} value={platformHost} note={t("domain.cnameNote")} />
              <ApexRecords domain={view.domain} platformHost={platformHost} addresses={platformAddresses} />
              <Record type="TXT" name={view.recordName} value={view.recordValue} note={t("domain.txtNote")} />
            </dl>
          </div>
          <p className="text-gray-600 text-sm">
            {view.checkedAt
              ? t("domain.checkedAt", { when: formatDateTime(view.checkedAt, locale) })
              : t("domain.neverChecked")}{" "}
            {view.verified ? t("domain.recheckNote", { days: lapseDays }) : null}
          </p>
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value={DOMAIN_CHECK_INTENT} />
              <Button type="submit" disabled={busyWith === DOMAIN_CHECK_INTENT}>
                {t("domain.check")}
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value={DOMAIN_REMOVE_INTENT} />
              <Button type="submit" variant="outline" disabled={busyWith === DOMAIN_REMOVE_INTENT}>
                {t("domain.remove")}
              </Button>
            </Form>
          </div>
        </div>
      ) : null}
      {view ? null : (
        <Form method="post" noValidate className="mt-4 flex flex-col gap-4">
          <input type="hidden" name="intent" value={DOMAIN_CLAIM_INTENT} />
          <Field id="domain-name" label={t("domain.label")} hint={t("domain.hint")} error={errors.domain}>
            <Input
              id="domain-name"
              name="domain"
              inputMode="url"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              placeholder={t("domain.placeholder")}
              defaultValue={typed ?? ""}
              aria-invalid={errors.domain ? true : undefined}
              aria-describedby={errors.domain ? "domain-name-error" : "domain-name-hint"}
            />
          </Field>
          <div>
            <Button type="submit" disabled={busyWith === DOMAIN_CLAIM_INTENT}>
              {t("domain.add")}
            </Button>
          </div>
        </Form>
      )}
    </Card>
  );
}

/**
 * An apex domain cannot have a CNAME: A and AAAA records with the front's addresses when the operator
 * named them, else a description of where to find them.
 */
function ApexRecords({
  domain,
  platformHost,
  addresses,
}: {
  domain: string;
  platformHost: string;
  addresses: { ipv4: string[]; ipv6: string[] };
}) {
  const { t } = useTranslation("storeSettings");
  if (addresses.ipv4.length === 0 && addresses.ipv6.length === 0) {
    return (
      <Record
        type="A / AAAA"
        name={domain}
        value={t("domain.apexValue", { host: platformHost })}
        note={t("domain.apexNote")}
        prose
      />
    );
  }
  return (
    <>
      {addresses.ipv4.length > 0 ? (
        <Record type="A" name={domain} value={addresses.ipv4} note={t("domain.apexAddressNote")} />
      ) : null}
      {addresses.ipv6.length > 0 ? (
        <Record type="AAAA" name={domain} value={addresses.ipv6} note={t("domain.apexAddressNote")} />
      ) : null}
    </>
  );
}

function Record({
  type,
  name,
  value,
  note,
  prose = false,
}: {
  type: string;
  name: string;
  /** Several values are several records of the type, one a line. */
  value: string | string[];
  note: string;
  /** A description of the value rather than the value to copy. */
  prose?: boolean;
}) {
  const { t } = useTranslation("storeSettings");
  return (
    <div className="rounded-md border border-gray-200 p-3">
      <dt className="font-semibold text-gray-800">{type}</dt>
      <dd className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <span className="text-gray-500">{t("domain.recordName")}</span>
        <code className="select-all break-all">{name}</code>
        <span className="text-gray-500">{t("domain.recordValue")}</span>
        {prose ? (
          <span>{value}</span>
        ) : (
          <span className="flex flex-col">
            {(Array.isArray(value) ? value : [value]).map((line) => (
              <code key={line} className="select-all break-all">
                {line}
              </code>
            ))}
          </span>
        )}
      </dd>
      <p className="mt-2 text-gray-600 text-xs">{note}</p>
    </div>
  );
}
