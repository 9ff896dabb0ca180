import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * Copies a text shown on the page (a token's secret, the embed snippet) to the clipboard. Where the
 * clipboard cannot be written (an insecure origin, a refused permission) the text's field is
 * selected instead, for Ctrl+C.
 */
export function CopyButton({
  text,
  targetId,
  label,
}: {
  text: string;
  /** The input or textarea that shows the text. */
  targetId: string;
  /** What the button says before it is pressed (default "Copy"). */
  label?: string;
}) {
  const { t } = useTranslation("common");
  const [state, setState] = useState<"idle" | "copied" | "select">("idle");
  return (
    <Button
      type="button"
      variant="outline"
      className="shrink-0"
      aria-controls={targetId}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setState("copied");
        } catch {
          const field = document.getElementById(targetId);
          if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
            field.focus();
            field.select();
          }
          setState("select");
        }
      }}
    >
      {state === "copied"
        ? t("copy.copied")
        : state === "select"
          ? t("copy.select")
          : (label ?? t("copy.label"))}
    </Button>
  );
}
