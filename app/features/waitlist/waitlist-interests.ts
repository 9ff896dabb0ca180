/**
 * What a sender of the landing page's waitlist form wants (partner dashboards for agencies
 * and POS integration are planned; PRODUCT.md); the first is the form's default. Kept apart from the
 * Zod schema so the landing page's browser code does not load Zod (its eval probe breaks the CSP).
 */
export const WAITLIST_INTERESTS = ["pos", "agency", "shop", "other"] as const;
export type WaitlistInterest = (typeof WAITLIST_INTERESTS)[number];
