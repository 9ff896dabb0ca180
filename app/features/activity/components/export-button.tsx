import { Download } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { buttonVariants } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";

/**
 * Downloads the CSV of the filtered activity. With JavaScript the file is fetched first, so an
 * empty result shows 'No data to export' instead of downloading an error; without it the link works.
 */
export function ExportButton({ href }: { href: string }) {
  const { t } = useTranslation("activity");
  const [busy, setBusy] = useState(false);
  return (
    <a
      href={href}
      aria-disabled={busy || undefined}
      className={buttonVariants({ variant: "outline" })}
      onClick={async (event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        try {
          const response = await fetch(href, { headers: { Accept: "text/csv" } });
          if (!response.ok) {
            const body = (await response.json().catch(() => null)) as ActionResult | null;
            toast.error(t((body && !body.ok && body.errors.form) || "errors:exportFailed"));
            return;
          }
          const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
          const url = URL.createObjectURL(await response.blob());
          const link = document.createElement("a");
          link.href = url;
          link.download = name ?? "activity.csv";
          document.body.append(link);
          link.click();
          link.remove();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
        } catch {
          toast.error(t("errors:exportFailed"));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Download aria-hidden className="size-4" />
      {t("export")}
    </a>
  );
}
