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
 * "071 234 567", "070/123-456", "02 3222 333", "2 333222", "+389 71 234 567", "00389 71 234 567" →
 * E.164 and national format. Only valid MK mobile or fixed-line numbers: foreign, shared-cost (080x),
 * premium (05x) and toll-free (0800) numbers, and numbers of the wrong length, are null.
 */
export function parseMkPhone(input: string): MkPhone | null {
  const value = input.trim();
  if (value.length === 0 || value.length > 30 || !PHONE_CHARS.test(value)) return null;
  // "+" belongs only at the start.
  if (value.lastIndexOf("+") > 0) return null;
  const phone = parsePhoneNumberFromString(value, "MK");
  if (phone?.countryCallingCode === "389") {
    const skopje = shortSkopjeNumber(phone.nationalNumber);
    if (skopje) return skopje;
  }
  if (phone?.country !== "MK" || !phone.isValid()) return null;
  const type = phone.getType();
  if (type !== "MOBILE" && type !== "FIXED_LINE") return null;
  return {
    e164: phone.number,
    national: phone.formatNational(),
    type: type === "MOBILE" ? "mobile" : "fixed",
  };
}

// The specification's own example of a valid number is "2 333222": Skopje's area code (2) and six
// digits, the form Skopje numbers had before they grew to seven. libphonenumber knows only today's
// seven, so this form is accepted here (decision 0125), with or without the trunk 0.
const SHORT_SKOPJE = /^0?(2[1-9]\d{5})$/;

function shortSkopjeNumber(nationalNumber: string): MkPhone | null {
  const digits = SHORT_SKOPJE.exec(nationalNumber)?.[1];
  if (!digits) return null;
  return { e164: `+389${digits}`, national: shortSkopjeNational(digits), type: "fixed" };
}

/** "2333222" → "02 333 222". */
function shortSkopjeNational(digits: string): string {
  return `0${digits.slice(0, 1)} ${digits.slice(1, 4)} ${digits.slice(4)}`;
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
  const short = e164.startsWith("+389") ? SHORT_SKOPJE.exec(e164.slice(4))?.[1] : undefined;
  const national = short ? shortSkopjeNational(short) : phone?.isValid() ? phone.formatNational() : e164;
  if (nationalForms.size >= NATIONAL_FORMS_KEPT) nationalForms.delete(nationalForms.keys().next().value!);
  nationalForms.set(e164, national);
  return national;
}
