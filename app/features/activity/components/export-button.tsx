import { Download } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { buttonVariants } from "~/components/ui/button";
import { downloadFile } from "~/lib/download";

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
        const failure = await downloadFile(href, "activity.csv");
        setBusy(false);
        if (failure) toast.error(t(failure));
      }}
    >
      <Download aria-hidden className="size-4" />
      {t("export")}
    </a>
  );
}
