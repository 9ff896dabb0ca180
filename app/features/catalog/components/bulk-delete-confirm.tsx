import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmStepForm } from "./bulk-preview";

export type BulkDeletionData = {
  deletion: { selected: number; examples: string[]; plan: string };
  stale: boolean;
  request: { action: string; scope: "ids" | "all"; ids: string[]; query: string };
};

/**
 * The server's own "delete these?" step (decision 0047), shown when the browser's dialog
 * did not run (no JavaScript). Nothing is deleted yet; "Delete" posts the same request with the
 * digest of the products listed, and the server deletes exactly those or shows the new list.
 */
export function BulkDeleteConfirm({ data }: { data: BulkDeletionData }) {
  const { t } = useTranslation("products");
  const busy = useNavigation().state === "submitting";
  const heading = useRef<HTMLHeadingElement>(null);
  const { deletion, request, stale } = data;
  const more = deletion.selected - deletion.examples.length;

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section
      aria-labelledby="bulk-delete-title"
      className="mt-4 grid gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm shadow-sm"
    >
      <h2 id="bulk-delete-title" ref={heading} tabIndex={-1} className="font-semibold text-base outline-none">
        {t("bulk.deletePreview.title")}
      </h2>
      {stale ? (
        <p role="alert" className="rounded-md bg-amber-50 p-2 text-amber-900">
          {t("bulk.deletePreview.stale")}
        </p>
      ) : null}
      {deletion.selected > 0 ? (
        <>
          <p className="font-medium">{t("bulk.deletePreview.count", { count: deletion.selected })}</p>
          <ul className="grid gap-1">
            {deletion.examples.map((name) => (
              <li key={name} className="rounded-md bg-white px-3 py-1.5 break-words [overflow-wrap:anywhere]">
                {name}
              </li>
            ))}
          </ul>
          {more > 0 ? <p>{t("bulk.deletePreview.more", { count: more })}</p> : null}
        </>
      ) : null}
      <ConfirmStepForm
        request={request}
        plan={deletion.plan}
        nothing={t("bulk.deletePreview.nothing")}
        confirm={
          deletion.selected > 0 ? (
            <Button type="submit" variant="destructive" disabled={busy}>
              {t("bulk.deletePreview.confirm", { count: deletion.selected })}
            </Button>
          ) : null
        }
      />
    </section>
  );
}
