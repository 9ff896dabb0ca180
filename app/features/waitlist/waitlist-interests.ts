/**
 * What a sender of the landing page's waitlist form wants (spec §1: "partner dashboards for agencies
 * (contact only); POS integration planned"); the first is the form's default. Kept apart from the
 * Zod schema so the landing page's browser code does not load Zod (its eval probe breaks the CSP).
 */
export const WAITLIST_INTERESTS = ["pos", "agency", "shop", "other"] as const;
export type WaitlistInterest = (typeof WAITLIST_INTERESTS)[number];
