// The encodings and delimiters a CSV may have (the upload step), shown in the mapping step so the
// owner can override what was detected. Isomorphic.
export const ENCODINGS = ["utf-8", "windows-1251", "windows-1250", "iso-8859-2"] as const;
export type Encoding = (typeof ENCODINGS)[number];
export const DELIMITERS = [";", ",", "\t"] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** At most 15 MB and 50,000 rows per file. */
export const IMPORT_MAX_BYTES = 15 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
