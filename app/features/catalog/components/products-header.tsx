import { FileUp, PackagePlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { ExportMenu } from "~/features/export/components/export-menu";
import { PriceListPdfButton } from "~/features/pdf/price-list-pdf-button";
import { cn } from "~/lib/cn";

/** The file actions: small on a phone, full size from 640 px. */
const COMPACT_ON_PHONE = "max-sm:h-8 max-sm:gap-1.5 max-sm:px-2 max-sm:text-[13px]";

/** /dashboard/products' title, its count, and its actions (add, price-list PDF, import, export). */
export function ProductsHeader({ total }: { total: number }) {
  const { t } = useTranslation("products");
  return (
    <>
      {/* On a phone: the title beside "Add", the file actions small on one row, so the first
      product stays on the first screen (layout.spec). */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl">{t("title")}</h1>
          <p className="text-gray-600 text-sm">{t("count", { count: total })}</p>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2 max-sm:contents">
          <div className="flex flex-wrap gap-2 max-sm:order-last max-sm:w-full max-sm:gap-1.5">
            <PriceListPdfButton className={COMPACT_ON_PHONE} />
            <Link
              to="/dashboard/products/import"
              className={cn(buttonVariants({ variant: "outline" }), COMPACT_ON_PHONE)}
            >
              <FileUp aria-hidden className="size-4" />
              {t("import")}
            </Link>
            <ExportMenu className={COMPACT_ON_PHONE} />
          </div>
          <Link to="/dashboard/products/new" className={buttonVariants()}>
            <PackagePlus aria-hidden className="size-4" />
            {t("add")}
          </Link>
        </div>
      </div>
    </>
  );
}
