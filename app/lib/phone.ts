// North Macedonian phone numbers (PRODUCT.md "Phone"): validated by libphonenumber's metadata,
// not by a home-made regex, stored in E.164 and shown in national format.
// The "max" metadata is needed for getType() (mobile vs fixed line).
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

export type MkPhone = { e164: string; national: string; type: "mobile" | "fixed" };

// Digits and the punctuation people write numbers with: "070/123-456", "(02) 3222-333", "+389…".
// libphonenumber itself would also accept letters ("02 3222 333a"), vanity words and
// extensions; a shop's contact number should be none of those.
const PHONE_CHARS = /^[0-9+()\-/.\s\u00a0]+$/;

/**
 * "071 234 567", "070/123-456", "02 3222 333", "+389 71 234 567", "00389 71 234 567" → E.164 and
 * national format. Only valid MK mobile or fixed-line numbers: foreign, shared-cost (080x),
 * premium (05x) and toll-free (0800) numbers, and numbers of the wrong length, are null.
 */
export function parseMkPhone(input: string): MkPhone | null {
  const value = input.trim();
  if (value.length === 0 || value.length > 30 || !PHONE_CHARS.test(value)) return null;
  // "+" belongs only at the start.
  if (value.lastIndexOf("+") > 0) return null;
  const phone = parsePhoneNumberFromString(value, "MK");
  if (phone?.country !== "MK" || !phone.isValid()) return null;
  const type = phone.getType();
  if (type !== "MOBILE" && type !== "FIXED_LINE") return null;
  return {
    e164: phone.number,
    national: phone.formatNational(),
    type: type === "MOBILE" ? "mobile" : "fixed",
  };
}

// Every render of a public page shows its store's phone; parsing it costs more than the page's
// database work, so recent answers are kept (a bounded map: the oldest goes first).
const nationalForms = new Map<string, string>();
const NATIONAL_FORMS_KEPT = 10_000;

/** "+38971234567" → "071 234 567"; anything unparseable is shown as stored rather than hidden. */
export function formatPhoneNational(e164: string): string {
  const known = nationalForms.get(e164);
  if (known !== undefined) return known;
  const phone = parsePhoneNumberFromString(e164, "MK");
  const national = phone?.isValid() ? phone.formatNational() : e164;
  if (nationalForms.size >= NATIONAL_FORMS_KEPT) nationalForms.delete(nationalForms.keys().next().value!);
  nationalForms.set(e164, national);
  return national;
}
