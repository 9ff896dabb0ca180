import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { IMPORT_IMAGE_OPTIONS } from "~/db/schema/imports";

/**
 * Step 4 (PRODUCT.md "Import image options"): the choice is stored with the job and applied after
 * the commit. "Use first image for all" takes each product's best library match (decision 0057).
 */
export function ImagesStep({ id, busy, error }: { id: string; busy: boolean; error?: string }) {
  const { t } = useTranslation("import");
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="start" />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium">{t("images.legend")}</legend>
        {IMPORT_IMAGE_OPTIONS.map((option) => {
          return (
            <label
              key={option}
              className="flex cursor-pointer gap-3 rounded-md border border-gray-200 bg-white p-3 has-[:checked]:border-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70"
            >
              <input
                type="radio"
                name="imageOption"
                value={option}
                defaultChecked={option === "generate"}
                aria-describedby={`image-${option}-hint`}
                className="mt-1"
              />
              <span>
                <span className="block font-medium text-sm">{t(`images.${option}.title`)}</span>
                <span id={`image-${option}-hint`} className="block text-gray-600 text-sm">
                  {t(`images.${option}.hint`)}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {error ? (
        <p className="text-red-600 text-sm" role="alert">
          {t(error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {t("images.start")}
        </Button>
        <Link
          to={`/dashboard/products/import/${id}?step=preview`}
          className="inline-flex h-10 items-center px-2 text-brand-700 text-sm"
        >
          {t("preview.back")}
        </Link>
      </div>
    </Form>
  );
}
