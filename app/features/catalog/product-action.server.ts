import { data, redirect } from "react-router";
import { isAppError } from "~/lib/app-error";
import { flashHeaders } from "~/lib/flash.server";
import { fieldErrors, formObject } from "~/lib/form";
import { type ProductInput, productSchema } from "./product.schema";

/**
 * The create and edit pages' shared action: validate, save, and either return field errors with
 * what was typed (nothing is lost) or go back to the list with a confirmation.
 */
export async function saveProductFromForm(form: FormData, save: (input: ProductInput) => Promise<unknown>) {
  const values = formObject(form);
  const parsed = productSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  try {
    await save(parsed.data);
  } catch (error) {
    if (isAppError(error) && error.fields)
      return data({ errors: error.fields, values }, { status: error.status });
    if (isAppError(error) && error.code === "notFound") throw data(null, { status: 404 });
    console.error(error);
    return data({ errors: { form: "errors:productSaveFailed" }, values }, { status: 500 });
  }
  return redirect("/dashboard/products", { headers: flashHeaders("products:saved") });
}
