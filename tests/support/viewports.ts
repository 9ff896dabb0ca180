/** The two widths every page is checked at (decision 0030): a phone and a common laptop. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };
export const VIEWPORTS = [PHONE, DESKTOP] as const;
