import { z } from "zod";
import { REPORT_REASONS } from "~/db/schema/compliance";
import { REPORT_DESCRIPTION_MAX } from "./report-constants";

export { REPORT_DESCRIPTION_MAX };

/**
 * A visitor's report: at least one reason, a description required for "other",
 * at most 1,000 characters. `website` is a honeypot people never see or fill.
 */
export const reportSchema = z
  .object({
    productId: z.uuid("validation:required"),
    // A crafted form may repeat a reason; the owner's list shows each reason once.
    reasons: z
      .array(z.enum(REPORT_REASONS))
      .min(1, "compliance:report.reasonRequired")
      .transform((reasons) => [...new Set(reasons)]),
    description: z.string().trim().max(REPORT_DESCRIPTION_MAX, "validation:tooLong").prefault(""),
    website: z.string().prefault(""),
  })
  .superRefine((value, ctx) => {
    if (value.reasons.includes("other") && !value.description) {
      ctx.addIssue({
        code: "custom",
        path: ["description"],
        message: "compliance:report.descriptionRequired",
      });
    }
  });

export type ReportInput = z.infer<typeof reportSchema>;

/** The form's fields as the schema wants them: checkboxes named "reasons" become an array. */
export function reportFormValues(form: FormData) {
  return {
    productId: String(form.get("productId") ?? ""),
    reasons: form.getAll("reasons").map(String),
    description: String(form.get("description") ?? ""),
    website: String(form.get("website") ?? ""),
  };
}
