import { ImageOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/cn";

/** The product's image, or a placeholder that says there is none (the "without image" filter). */
export function ProductThumb({ url, className }: { url: string | null; className?: string }) {
  const { t } = useTranslation("products");
  if (url) {
    return (
      <img src={url} alt="" loading="lazy" className={cn("rounded-md bg-gray-50 object-cover", className)} />
    );
  }
  return (
    <span
      role="img"
      aria-label={t("noImage")}
      className={cn("flex items-center justify-center rounded-md bg-gray-100 text-gray-400", className)}
    >
      <ImageOff aria-hidden className="size-1/2 max-h-6 max-w-6" />
    </span>
  );
}
