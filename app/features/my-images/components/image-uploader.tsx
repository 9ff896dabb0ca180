import { ImageUp } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";

type Refusal = { key: string; params?: Record<string, number | string> };
type Progress = { id: string; name: string; share: number; error: Refusal | null; done: boolean };

const MAX_BYTES = 5 * 1024 * 1024;

/** One file to POST /api/images (the same pipeline and limit), reporting the bytes sent. */
function send(file: File, onProgress: (share: number) => void): Promise<Refusal | null> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.set("file", file);
    const request = new XMLHttpRequest();
    request.open("POST", "/api/images?kind=product");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const answer = request.response as ActionResult | null;
      if (answer?.ok) return resolve(null);
      resolve({ key: answer?.errors.form ?? "errors:imageUploadFailed", params: answer?.params });
    };
    request.onerror = () => resolve({ key: "errors:imageUploadFailed" });
    request.send(body);
  });
}

/**
 * Several images at once. Without JavaScript the form posts its files to the page's action; with
 * it, each file goes on its own request so its progress can be shown, and the grid reloads after.
 */
export function ImageUploader({ maxFiles }: { maxFiles: number }) {
  const { t } = useTranslation("myImages");
  const id = useId();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<Progress[]>([]);
  const busy = progress.some((item) => !item.done);

  async function uploadAll(files: File[]) {
    setProgress(
      files.map((file, index) => ({
        id: `${Date.now()}-${index}`,
        name: file.name,
        share: 0,
        error: null,
        done: false,
      })),
    );
    const update = (index: number, change: Partial<Progress>) =>
      setProgress((items) => items.map((item, i) => (i === index ? { ...item, ...change } : item)));
    let stored = 0;
    for (const [index, file] of files.entries()) {
      // Checked again on the server; this only spares a 5 MB round trip.
      const error =
        file.size > MAX_BYTES
          ? { key: "errors:imageTooLarge" }
          : await send(file, (share) => update(index, { share }));
      update(index, { error, done: true, share: 1 });
      if (!error) stored += 1;
    }
    if (stored > 0) {
      toast.success(t("uploaded", { count: stored }));
      await revalidator.revalidate();
    }
  }

  return (
    <form
      method="post"
      encType="multipart/form-data"
      className="mt-4 rounded-xl border border-gray-300 border-dashed bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const input = event.currentTarget.elements.namedItem("files") as HTMLInputElement;
        const files = [...(input.files ?? [])];
        if (files.length === 0) return void toast.error(t("errors:imageEmpty"));
        void uploadAll(files).then(() => {
          input.value = "";
        });
      }}
    >
      <input type="hidden" name="intent" value="upload" />
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={id} className="font-medium text-gray-800 text-sm">
          {t("choose")}
        </label>
        <input
          id={id}
          name="files"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="max-w-full text-sm"
          disabled={busy}
        />
        <Button type="submit" disabled={busy}>
          <ImageUp aria-hidden className="size-4" />
          {busy ? t("uploading") : t("upload")}
        </Button>
      </div>
      <p className="mt-2 text-gray-500 text-xs">{t("hint", { max: maxFiles })}</p>
      {progress.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-2" aria-label={t("progress")}>
          {progress.map((item) => (
            <li key={item.id} className="text-sm">
              <div className="flex justify-between gap-2">
                <span className="truncate">{item.name}</span>
                <span className={item.error ? "text-red-700" : "text-gray-600"}>
                  {item.error
                    ? t(item.error.key, item.error.params)
                    : item.done
                      ? t("done")
                      : `${Math.round(item.share * 100)} %`}
                </span>
              </div>
              <progress
                className="h-1.5 w-full accent-brand-600"
                value={Math.round(item.share * 100)}
                max={100}
                aria-label={item.name}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
