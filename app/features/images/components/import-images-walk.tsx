import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { LibrarySuggestions } from "~/features/library/components/library-suggestions";
import type { LibraryMatch } from "~/features/library/library.schema";
import { ImageUploadField } from "./image-upload-field";

type Step = {
  index: number;
  total: number;
  product: { id: string; name: string; imageUrl: string | null } | null;
  suggestions: LibraryMatch[];
};

/**
 * The import's "upload custom" walk: "Product X of Y", an upload through the one
 * image path (/api/images with the product id), then next or skip; the last one leads back to the
 * products. Plain links, so each product is its own URL (?i=) and the back button works.
 */
export function ImportImagesWalk({ step, basePath }: { step: Step; basePath: string }) {
  const { t } = useTranslation("products");
  const [uploadedFor, setUploadedFor] = useState<string | null>(null);
  const { index, total, product } = step;
  const last = index >= total - 1;
  const hasImage = Boolean(product && (product.imageUrl || uploadedFor === product.id));
  const at = (i: number) => `${basePath}?i=${i}`;
  if (total === 0) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p className="text-gray-600 text-sm">{t("importImages.none")}</p>
        <Link to="/dashboard/products" className={buttonVariants()}>
          {t("importImages.finish")}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="text-gray-600 text-sm">{t("importImages.productXofY", { x: index + 1, y: total })}</p>
        <progress className="mt-1 h-2 w-full accent-brand-600" value={index + 1} max={total} />
      </div>
      {product ? (
        <>
          <p className="break-words font-medium text-gray-900 text-lg">{product.name}</p>
          <LibrarySuggestions productId={product.id} suggestions={step.suggestions} back={at(index)} />
          <ImageUploadField
            key={product.id}
            kind="product"
            productId={product.id}
            label={t("importImages.imageFor", { name: product.name })}
            initialUrl={product.imageUrl}
            onUploaded={() => setUploadedFor(product.id)}
          />
        </>
      ) : (
        <p className="text-gray-600 text-sm">{t("importImages.removed")}</p>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        {index > 0 ? (
          <Link to={at(index - 1)} className="font-medium text-gray-700 text-sm hover:underline">
            {t("importImages.previous")}
          </Link>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap gap-2">
          <Link to="/dashboard/products" className={buttonVariants({ variant: "outline" })}>
            {t("importImages.finishLater")}
          </Link>
          {last ? (
            <Link to="/dashboard/products" className={buttonVariants()}>
              {t("importImages.finish")}
            </Link>
          ) : (
            <Link to={at(index + 1)} className={buttonVariants()}>
              {hasImage ? t("importImages.next") : t("importImages.skip")}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
