import { ImageUp } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActionResult } from "~/lib/action-result";
import { cn } from "~/lib/cn";

export type UploadedImage = {
  key: string;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  belowRecommended: boolean;
};

/**
 * One image upload through POST /api/images (the same checks for logos and product photos).
 * The stored key lands in a hidden input `name`, so the surrounding form saves it; with
 * `productId` the server attaches the image to that product at once. Used by onboarding (logo,
 * step 5) and the product form.
 */
export function ImageUploadField({
  kind,
  name,
  label,
  initialUrl,
  productId,
  onUploaded,
  square,
}: {
  kind: "logo" | "product";
  name?: string;
  label: string;
  initialUrl?: string | null;
  productId?: string;
  onUploaded?: (image: UploadedImage) => void;
  square?: boolean;
}) {
  const { t } = useTranslation("onboarding");
  const id = useId();
  const [image, setImage] = useState<UploadedImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = image?.thumbUrl ?? initialUrl ?? null;

  async function upload(file: File) {
    setError(null);
    // Checked again on the server; this only spares a 5 MB round trip.
    if (file.size > 5 * 1024 * 1024) return setError("errors:imageTooLarge");
    const body = new FormData();
    body.set("file", file);
    if (productId) body.set("productId", productId);
    setBusy(true);
    try {
      const response = await fetch(`/api/images?kind=${kind}`, { method: "POST", body });
      const answer = (await response.json()) as ActionResult<{ image: UploadedImage }>;
      if (!answer.ok) {
        setError(
          answer.errors.form ?? (kind === "logo" ? "errors:logoUploadFailed" : "errors:imageUploadFailed"),
        );
        return;
      }
      setImage(answer.image);
      onUploaded?.(answer.image);
    } catch {
      setError(kind === "logo" ? "errors:logoUploadFailed" : "errors:imageUploadFailed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-slot="image-upload" className="flex flex-col gap-1.5">
      <span className="font-medium text-gray-800 text-sm">{label}</span>
      <div className="flex items-center gap-3">
        <div
          className={cn(
            "flex size-20 shrink-0 items-center justify-center overflow-hidden border border-gray-200 bg-gray-50",
            square ? "rounded-lg" : "rounded-md",
          )}
        >
          {preview ? (
            <img src={preview} alt="" className="size-full object-cover" />
          ) : (
            <ImageUp aria-hidden className="size-6 text-gray-400" />
          )}
        </div>
        <label
          htmlFor={id}
          className="inline-flex cursor-pointer items-center rounded-md border border-gray-300 bg-white px-3 py-2 font-medium text-gray-800 text-sm hover:bg-gray-50 focus-within:outline-2 focus-within:outline-brand-600"
        >
          {busy ? t("image.uploading") : preview ? t("image.change") : t("image.choose")}
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            className="sr-only"
            aria-label={label}
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
              event.target.value = "";
            }}
          />
        </label>
      </div>
      {name ? <input type="hidden" name={name} value={image?.key ?? ""} /> : null}
      <p className="text-gray-500 text-xs">{kind === "logo" ? t("image.logoHint") : t("image.hint")}</p>
      {image?.belowRecommended ? (
        <p role="status" className="text-amber-700 text-sm">
          {t("image.logoSmall", { width: image.width, height: image.height })}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-red-600 text-sm">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
