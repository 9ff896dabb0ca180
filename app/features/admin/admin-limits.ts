/** The longest a single trial extension may be (issue 16), in days. */
export const MAX_TRIAL_EXTENSION_DAYS_VALUE = 365;
