import { CheckCircle2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { WAITLIST_INTERESTS } from "~/features/waitlist/waitlist-interests";
import type { ActionResult } from "~/lib/action-result";
import { failureOf } from "~/lib/action-result";
import { SECTION_IDS } from "../landing-content";
import { LandingSection } from "./landing-section";

/**
 * Partners and POS-integration interest: a plain form post to the landing page's action
 * (the page has no JavaScript, decision 0097); the answer is the page again, scrolled to this
 * section, the same for a new and an already listed address.
 */
export function WaitlistSection({ result }: { result: ActionResult | undefined }) {
  const { t } = useTranslation("landing");
  const failed = failureOf(result);
  const errors = failed?.errors ?? {};
  const values = failed?.values ?? {};
  return (
    <LandingSection id={SECTION_IDS.waitlist} title={t("waitlist.title")} intro={t("waitlist.intro")}>
      {result?.ok ? (
        <p role="status" className="flex max-w-xl gap-2 rounded-md bg-brand-50 p-4 text-brand-900">
          <CheckCircle2 aria-hidden className="size-5 shrink-0" />
          {t("waitlist.success")}
        </p>
      ) : (
        <form
          method="post"
          action={`/?index#${SECTION_IDS.waitlist}`}
          noValidate
          className="grid max-w-3xl gap-4 sm:grid-cols-2"
        >
          <Field id="waitlist-email" label={t("waitlist.email")} error={errors.email}>
            <Input
              {...fieldControlProps("waitlist-email", errors.email, "email")}
              type="email"
              autoComplete="email"
              required
              defaultValue={values.email}
            />
          </Field>
          <Field id="waitlist-store" label={t("waitlist.storeName")} error={errors.storeName}>
            <Input
              {...fieldControlProps("waitlist-store", errors.storeName, "storeName")}
              autoComplete="organization"
              maxLength={255}
              defaultValue={values.storeName}
            />
          </Field>
          <Field id="waitlist-interest" label={t("waitlist.interest")} error={errors.interest}>
            <Select
              {...fieldControlProps("waitlist-interest", errors.interest, "interest")}
              defaultValue={values.interest ?? WAITLIST_INTERESTS[0]}
            >
              {WAITLIST_INTERESTS.map((interest) => (
                <option key={interest} value={interest}>
                  {t(`waitlist.interests.${interest}`)}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex items-end">
            <Button type="submit" className="w-full sm:w-auto">
              {t("waitlist.submit")}
            </Button>
          </div>
          <FormAlert message={errors.form} values={failed?.params} className="sm:col-span-2" />
        </form>
      )}
    </LandingSection>
  );
}
