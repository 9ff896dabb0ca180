import { redirect } from "react-router";
import { flashHeaders } from "~/lib/flash.server";
import { formObject } from "~/lib/form";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import { type ProductInput, productSchema } from "./product.schema";

/**
 * The create and edit pages' shared action (the route adapter's worked example, decision 0017):
 * validate, save, and either answer field errors with what was typed (nothing is lost) or go back
 * to the list with a confirmation. Another store's product is the 404 page.
 */
export function saveProductFromForm(
  form: FormData,
  save: (input: ProductInput) => Promise<unknown>,
  /** Where to go after the save: the list the owner came from (checked by the caller, decision 0127). */
  to = "/dashboard/products",
) {
  const values = formObject(form);
  return handleAction(
    async () => {
      await save(parseForm(productSchema, values));
      return redirect(to, { headers: flashHeaders("products:saved") });
    },
    { values, fallback: "productSaveFailed", notFoundPage: true },
  );
}
