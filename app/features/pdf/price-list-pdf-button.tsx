import { FileDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/** The products page's link to the store's printable price list. */
export function PriceListPdfButton({ className }: { className?: string }) {
  const { t } = useTranslation("compliance");
  const layout = useRouteLoaderData("routes/dashboard/layout") as
    | { store?: { username: string } }
    | undefined;
  if (!layout?.store) return null;
  return (
    <a
      href={`/${layout.store.username}/price-list.pdf`}
      target="_blank"
      rel="noreferrer"
      className={cn(buttonVariants({ variant: "outline" }), className)}
    >
      <FileDown aria-hidden className="size-4" />
      {t("pdfButton")}
    </a>
  );
}
