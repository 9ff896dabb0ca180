import { ChevronDown, Download, FileSpreadsheet, FileText } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { downloadFile } from "~/lib/download";

const FORMATS = [
  { format: "xlsx", icon: FileSpreadsheet },
  { format: "csv", icon: FileText },
] as const;

/**
 * "Export" on the products page (decision 0037): the catalogue as .xlsx or CSV with the columns the
 * import reads. Plain links without JavaScript; with it, the file is fetched first so 'No data to
 * export' or 'Export failed' is a toast, not a downloaded error.
 */
export function ExportMenu({ className }: { className?: string }) {
  const { t } = useTranslation("products");
  const menu = useRef<HTMLDetailsElement>(null);
  const [busy, setBusy] = useState(false);
  // A menu closes on a click elsewhere and on Escape (a bare <details> stays open).
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !details.contains(event.target as Node)) {
        details.open = false;
        if (event instanceof KeyboardEvent) details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details ref={menu} className="relative">
      <summary
        className={cn(
          buttonVariants({ variant: "outline" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
          className,
        )}
        aria-busy={busy || undefined}
      >
        <Download aria-hidden className="size-4" />
        {busy ? t("export.busy") : t("export.button")}
        <ChevronDown aria-hidden className="size-4" />
      </summary>
      <div className="absolute right-0 z-30 mt-1 w-60 rounded-md border border-gray-200 bg-white p-1 shadow-lg">
        <p className="px-3 py-2 text-gray-600 text-xs">{t("export.hint")}</p>
        {FORMATS.map(({ format, icon: Icon }) => {
          const href = `/dashboard/products/export?format=${format}`;
          return (
            <a
              key={format}
              href={href}
              download
              className="flex min-h-11 items-center gap-2 rounded px-3 text-gray-800 text-sm hover:bg-gray-100"
              onClick={async (event) => {
                event.preventDefault();
                if (menu.current) menu.current.open = false;
                if (busy) return;
                setBusy(true);
                const failure = await downloadFile(href, `products.${format}`);
                setBusy(false);
                if (failure) toast.error(t(failure));
              }}
            >
              <Icon aria-hidden className="size-4 text-gray-500" />
              {t(`export.${format}`)}
            </a>
          );
        })}
      </div>
    </details>
  );
}
