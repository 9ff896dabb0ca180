/** The longest a single trial extension may be, in days. */
export const MAX_TRIAL_EXTENSION_DAYS_VALUE = 365;
