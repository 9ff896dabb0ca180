// The report form's limits, free of Zod and Drizzle so the public page's JavaScript stays small.
export const REPORT_REASON_VALUES = ["price", "image", "other"] as const;
export const REPORT_DESCRIPTION_MAX = 1000;
