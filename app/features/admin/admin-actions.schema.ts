import { z } from "zod";
import { MAX_TRIAL_EXTENSION_DAYS_VALUE } from "./admin-limits";

// The admin's actions on a store: every one needs a reason, which goes to the audit log.
const reason = z.string().trim().min(1, "validation:required").max(500, "validation:tooLong");

export const extendTrialSchema = z.object({
  storeId: z.string().min(1, "validation:required"),
  days: z.coerce
    .number("validation:numberInvalid")
    .int("validation:wholeNumber")
    .min(1, "validation:tooSmall")
    .max(MAX_TRIAL_EXTENSION_DAYS_VALUE, "validation:tooBig"),
  reason,
});

export const storeActiveSchema = z.object({
  storeId: z.string().min(1, "validation:required"),
  reason,
});
