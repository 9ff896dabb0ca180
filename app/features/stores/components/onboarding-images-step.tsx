import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ImageUploadField } from "~/features/images/components/image-upload-field";
import { LibrarySuggestions } from "~/features/library/components/library-suggestions";
import type { LibraryMatch } from "~/features/library/library.schema";

export type OnboardingProduct = { id: string; name: string; imageUrl: string | null };

/**
 * Onboarding step 5: an image per product ("Product X of Y"), or skip; the last one finishes, and
 * any other one can finish too, leaving the rest without images.
 */
export function ImagesStep({
  product: current,
  index,
  total,
  suggestions,
  busy,
}: {
  product: OnboardingProduct | null;
  index: number;
  total: number;
  /** The library's best images for the current product (decision 0057), offered before the upload. */
  suggestions: LibraryMatch[];
  busy: boolean;
}) {
  const { t } = useTranslation("onboarding");
  const last = index >= total - 1;
  // "Upload an image or skip": the way on says which of the two it is.
  const [uploadedFor, setUploadedFor] = useState<string | null>(null);
  const hasImage = Boolean(current && (current.imageUrl || uploadedFor === current.id));
  return (
    <div className="flex flex-col gap-4">
      {current ? (
        <>
          <p className="font-medium text-gray-800">
            {t("productXofY", { x: index + 1, y: total })}: {current.name}
          </p>
          <LibrarySuggestions
            productId={current.id}
            suggestions={suggestions}
            back={`/onboarding?step=5&i=${index}`}
          />
          <ImageUploadField
            key={current.id}
            kind="product"
            productId={current.id}
            label={t("fields.productImage", { name: current.name })}
            initialUrl={current.imageUrl}
            onUploaded={() => setUploadedFor(current.id)}
          />
        </>
      ) : (
        <p className="text-gray-600 text-sm">{t("noProducts")}</p>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <Link
          to={index > 0 ? `/onboarding?step=5&i=${index - 1}` : "/onboarding?step=4"}
          className="font-medium text-gray-700 text-sm hover:underline"
        >
          {t("back")}
        </Link>
        {current && !last ? (
          <div className="flex flex-wrap items-center gap-3">
            {/* An imported shop has hundreds of products: finishing never waits on the last one. */}
            <Form method="post">
              <Button type="submit" name="intent" value="finish" variant="outline" size="lg" disabled={busy}>
                {busy ? t("submitting") : t("finishRest")}
              </Button>
            </Form>
            <Link
              to={`/onboarding?step=5&i=${index + 1}`}
              className="inline-flex h-11 items-center rounded-md bg-brand-600 px-5 font-medium text-white hover:bg-brand-700"
            >
              {hasImage ? t("nextProduct") : t("skip")}
            </Link>
          </div>
        ) : (
          <Form method="post">
            <Button type="submit" name="intent" value="finish" size="lg" disabled={busy}>
              {busy ? t("submitting") : t("finish")}
            </Button>
          </Form>
        )}
      </div>
    </div>
  );
}
