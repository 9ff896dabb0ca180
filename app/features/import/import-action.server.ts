// The import wizard's form posts (steps 2–4), parsed here so the route stays thin.
import { redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { IMPORT_IMAGE_OPTIONS, type ImportImageOption } from "~/db/schema/imports";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import type { ImportField } from "./columns";
import { DELIMITERS, type Delimiter, ENCODINGS, type Encoding } from "./file-options";
import { cancelImport, getImportJob, queueImport, saveImportOptions, saveMapping } from "./import-job.server";
import { startImportJob } from "./import-runner.server";

const pathOf = (id: string) => `/dashboard/products/import/${id}`;

function oneOf<T extends string>(values: readonly T[], value: FormDataEntryValue | null): T | null {
  return typeof value === "string" && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export async function importJobAction(ctx: StoreContext, jobId: string, form: FormData): Promise<Response> {
  const intent = form.get("intent");
  if (intent === "map") {
    const job = await getImportJob(ctx, jobId);
    const mapping = job.headers.map((_, index) => {
      const value = form.get(`column.${index}`);
      return typeof value === "string" && value !== "" ? (value as ImportField) : null;
    });
    const encoding = oneOf<Encoding>(ENCODINGS, form.get("encoding"));
    const delimiter = oneOf<Delimiter>(DELIMITERS, form.get("delimiter"));
    const { reread } = await saveMapping(ctx, jobId, { mapping, encoding, delimiter });
    // Another encoding or delimiter re-reads the headers: the owner checks the mapping again.
    return redirect(reread ? pathOf(jobId) : `${pathOf(jobId)}?step=preview`);
  }
  if (intent === "start") {
    const option = oneOf<ImportImageOption>(IMPORT_IMAGE_OPTIONS, form.get("imageOption"));
    if (!option) {
      throw new AppError("validation", { fields: { form: "import:images.choose" } });
    }
    const job = await queueImport(ctx, jobId, option);
    startImportJob(getDb(), job.id);
    return redirect(pathOf(jobId));
  }
  if (intent === "nameQuantities") {
    // Decision 0126: the preview's one switch for the file.
    await saveImportOptions(ctx, jobId, { nameQuantities: form.get("nameQuantities") === "on" });
    return redirect(`${pathOf(jobId)}?step=preview`);
  }
  if (intent === "discountDays") {
    const value = (name: string) => {
      const entry = form.get(name);
      return typeof entry === "string" ? entry.trim() : "";
    };
    await saveImportOptions(ctx, jobId, {
      discount: form.get("clear")
        ? null
        : {
            type: value("discountType"),
            startsOn: value("discountStartsOn"),
            endsOn: value("discountEndsOn"),
          },
    });
    return redirect(`${pathOf(jobId)}?step=preview`);
  }
  if (intent === "cancel") {
    await cancelImport(ctx, jobId);
    return redirect("/dashboard/products");
  }
  throw new AppError("validation");
}
