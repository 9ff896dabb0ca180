import { AppError } from "~/lib/app-error";
import { formObject } from "~/lib/form";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { StoreContext } from "~/lib/service-context";
import { deleteProduct } from "./product.server";
import { bulkActionSchema } from "./product-bulk.schema";
import { runBulkAction } from "./product-bulk.server";

/**
 * The products page's action: delete one product, or run a bulk action. Another store's ids answer
 * 404 and change nothing; a failure answers with a message that says what failed. A price change
 * first answers with its preview (intent "bulkPreview"), and a bulk delete that the browser's dialog did
 * not confirm with what it would delete (intent "bulkDeletePreview"): served here, so both work
 * without JavaScript.
 */
export function productsAction(ctx: StoreContext, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  return handleAction(
    async () => {
      if (intent === "delete") {
        await deleteProduct(ctx, String(form.get("productId") ?? ""));
        return { message: "products:deleted" };
      }
      if (intent !== "bulk") throw new AppError("validation");
      // A row's id may come twice (the phone list and the table both hold its checkbox).
      const values = { ...formObject(form), ids: [...new Set(form.getAll("ids").map(String))] };
      const input = parseForm(bulkActionSchema, values);
      const result = await runBulkAction(ctx, input);
      if ("deletion" in result) {
        const { scope, ids, query } = input;
        return { intent: "bulkDeletePreview", ...result, request: { action: "delete", scope, ids, query } };
      }
      if ("preview" in result) {
        const { action, scope, ids, query } = input;
        // What the confirmation posts again, the value as the owner typed it.
        const value = String(form.get("value") ?? "");
        return { intent: "bulkPreview", ...result, request: { action, value, scope, ids, query } };
      }
      const message =
        input.action === "delete"
          ? "products:bulk.deleted"
          : input.action === "pricePercent" || input.action === "priceAmount"
            ? "products:bulk.done"
            : "products:bulk.updated";
      return { message, counts: result };
    },
    { intent },
  );
}
