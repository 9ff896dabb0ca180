import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * Copies the new token's secret, shown once, to the clipboard. Where the clipboard cannot be written
 * (an insecure origin, a refused permission) the secret's field is selected instead, for Ctrl+C.
 */
export function CopyButton({ text, targetId }: { text: string; targetId: string }) {
  const { t } = useTranslation("api");
  const [state, setState] = useState<"idle" | "copied" | "select">("idle");
  return (
    <Button
      type="button"
      variant="outline"
      className="shrink-0"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setState("copied");
        } catch {
          const field = document.getElementById(targetId);
          if (field instanceof HTMLInputElement) {
            field.focus();
            field.select();
          }
          setState("select");
        }
      }}
    >
      {state === "copied"
        ? t("tokens.copied")
        : state === "select"
          ? t("tokens.copySelect")
          : t("tokens.copy")}
    </Button>
  );
}
