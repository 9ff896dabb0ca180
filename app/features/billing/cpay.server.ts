import { createHash, timingSafeEqual } from "node:crypto";
import type { CpaySettings } from "~/lib/config.server";
import type { PaymentProvider } from "./payment-provider";

// A card provider behind the payment interface — CaSys cPay's hosted payment page (decisions
// 0042, 0117, docs/billing.md). The owner's browser posts our signed request to cPay
// (CheckSumHeader, CheckSum); cPay answers with the same fields, the first two swapped, plus its
// own reference of the charge, cPayPaymentRef, signed in ReturnCheckSumHeader / ReturnCheckSum.
// The checksum: MD5, upper-case hex, of the header (two-digit field count, the field names each
// followed by a comma, each value's length in three digits) + the values in that order + the
// merchant's checksum key.

export type CpayFields = Record<string, string>;

/** The request we sign, in cPay's order. AmountToPay is in hundredths of a denar, as our cents. */
export const CPAY_REQUEST_FIELDS = [
  "PaymentOKURL",
  "PaymentFailURL",
  "AmountToPay",
  "AmountCurrency",
  "PayToMerchant",
  "Details1",
  "Details2",
  "MerchantName",
] as const;

/**
 * cPay's answer to that request: the request's fields with the first two swapped, then
 * cPayPaymentRef (cPay merchant integration specification, appendix A: its worked return example
 * signs "PaymentFailURL,PaymentOKURL,…,cPayPaymentRef"). cPay echoes PaymentOKURL, PaymentFailURL
 * and MerchantName in its signed answer, so they are part of the set; what no request of ours can
 * ever carry is cPayPaymentRef. A field list other than exactly this one (our own request's,
 * replayed under the Return* names, above all) is not cPay's answer (decision 0117).
 */
export const CPAY_RETURN_FIELDS = [
  "PaymentFailURL",
  "PaymentOKURL",
  "AmountToPay",
  "AmountCurrency",
  "PayToMerchant",
  "Details1",
  "Details2",
  "MerchantName",
  "cPayPaymentRef",
] as const;

export type CpayReturn = Record<(typeof CPAY_RETURN_FIELDS)[number], string>;

/** cPay's reference of a charge: digits in its examples; letters, digits and dashes at most 64. */
const PAYMENT_REF = /^[0-9A-Za-z-]{1,64}$/;

function md5(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex").toUpperCase();
}

/** The header and checksum of fields, in the order given. */
export function cpaySign(fields: [string, string][], secret: string): { header: string; checksum: string } {
  const names = fields.map(([name]) => `${name},`).join("");
  const lengths = fields
    .map(([, value]) => String(Buffer.byteLength(value, "utf8")).padStart(3, "0"))
    .join("");
  const header = `${String(fields.length).padStart(2, "0")}${names}${lengths}`;
  return { header, checksum: md5(header + fields.map(([, value]) => value).join("") + secret) };
}

/**
 * The fields of a signed header, or null when the header cannot be read: the order and lengths
 * come from the header, every named field must be present with its stated length.
 */
function signedFields(input: CpayFields, header: string): [string, string][] | null {
  const match = /^(\d{2})(.*)$/s.exec(header);
  if (!match || header.length > 4096) return null;
  const count = Number(match[1]);
  const parts = match[2]!.split(",");
  const lengths = parts.pop() ?? "";
  if (count < 1 || parts.length !== count || new Set(parts).size !== count) return null;
  if (!new RegExp(`^\\d{${count * 3}}$`).test(lengths)) return null;
  const fields: [string, string][] = [];
  for (const [index, name] of parts.entries()) {
    const value = input[name];
    if (
      value === undefined ||
      Buffer.byteLength(value, "utf8") !== Number(lengths.slice(index * 3, index * 3 + 3))
    )
      return null;
    fields.push([name, value]);
  }
  return fields;
}

/**
 * cPay's answer, or null when the answer is not cPay's: ReturnCheckSumHeader must sign exactly
 * cPay's return field set (CPAY_RETURN_FIELDS, with a well-formed cPayPaymentRef), and the checksum
 * must match under the merchant's key. Our own signed request, replayed with its CheckSumHeader and
 * CheckSum renamed to ReturnCheckSumHeader and ReturnCheckSum, matches the key but not the set: it
 * has no cPayPaymentRef, and only cPay can sign one.
 */
export function cpayVerify(input: CpayFields, secret: string): CpayReturn | null {
  const header = input.ReturnCheckSumHeader ?? "";
  const given = input.ReturnCheckSum ?? "";
  if (!/^[0-9a-f]{32}$/i.test(given)) return null;
  const fields = signedFields(input, header);
  if (!fields || fields.length !== CPAY_RETURN_FIELDS.length) return null;
  const names = new Set(fields.map(([name]) => name));
  if (!CPAY_RETURN_FIELDS.every((name) => names.has(name))) return null;
  const expected = md5(header + fields.map(([, value]) => value).join("") + secret);
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(given.toUpperCase()))) return null;
  const answer = Object.fromEntries(fields) as CpayReturn;
  return PAYMENT_REF.test(answer.cPayPaymentRef) ? answer : null;
}

/** Where cPay sends the payer back; also where the answer is verified. */
export function cpayReturnUrl(baseUrl: string, result: "ok" | "fail"): string {
  return `${baseUrl}/api/billing/cpay/${result}`;
}

export function createCpayProvider(settings: CpaySettings, baseUrl: string): PaymentProvider {
  return {
    method: "card",
    start(payment) {
      const values: Record<(typeof CPAY_REQUEST_FIELDS)[number], string> = {
        PaymentOKURL: cpayReturnUrl(baseUrl, "ok"),
        PaymentFailURL: cpayReturnUrl(baseUrl, "fail"),
        AmountToPay: String(payment.amountCents),
        AmountCurrency: payment.currency,
        PayToMerchant: settings.merchantId,
        Details1: `Vitrina ${payment.reference}`,
        Details2: payment.id,
        MerchantName: settings.merchantName,
      };
      const fields = CPAY_REQUEST_FIELDS.map((name): [string, string] => [name, values[name]]);
      const { header, checksum } = cpaySign(fields, settings.secret);
      return {
        kind: "redirect",
        url: settings.url,
        fields: { ...Object.fromEntries(fields), CheckSumHeader: header, CheckSum: checksum },
      };
    },
  };
}
