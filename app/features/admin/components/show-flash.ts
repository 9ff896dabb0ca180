import { toast } from "sonner";
import type { FlashKind } from "~/lib/flash.server";

/** A flash as the toast of its kind: a failure is never shown as a green success. */
export function showFlash(kind: FlashKind, text: string) {
  if (kind === "error") toast.error(text);
  else if (kind === "info") toast.info(text);
  else toast.success(text);
}
