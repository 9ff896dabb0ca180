import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

/** Posts one library entry for these products to the library page's action, which then goes `back`. */
export function LibraryAssignButton({
  entryId,
  entryName,
  productIds,
  back,
  className,
}: {
  entryId: string;
  entryName: string;
  productIds: string[];
  back?: string;
  className?: string;
}) {
  const { t } = useTranslation("library");
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action="/dashboard/image-gallery" className={className}>
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="entryId" value={entryId} />
      {productIds.map((id) => (
        <input key={id} type="hidden" name="productId" value={id} />
      ))}
      {back ? <input type="hidden" name="back" value={back} /> : null}
      {/* The name says which image: it starts with the visible text (axe label-content-name-mismatch). */}
      <Button
        type="submit"
        size="sm"
        // Three to a row on a phone: the label wraps instead of being cut off at both ends.
        className="h-auto min-h-8 w-full whitespace-normal py-1 leading-tight"
        disabled={busy}
        aria-label={`${t("assign")}: ${entryName}`}
      >
        {t("assign")}
      </Button>
    </Form>
  );
}
