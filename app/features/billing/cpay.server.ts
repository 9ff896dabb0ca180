import { createHash, timingSafeEqual } from "node:crypto";
import type { CpaySettings } from "~/lib/config.server";
import type { PaymentProvider } from "./payment-provider";

// Issue 16: a card provider behind the payment interface — CaSys cPay's hosted payment page
// (decision 0042, docs/billing.md). The owner's browser posts signed fields to cPay; cPay posts
// the result back to PaymentOKURL or PaymentFailURL with the fields it signed
// (ReturnCheckSumHeader, ReturnCheckSum). The checksum: MD5, upper-case hex, of the header
// (two-digit field count, the field names each followed by a comma, each value's length in three
// digits) + the values in that order + the merchant's checksum key.

export type CpayFields = Record<string, string>;

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
 * The fields cPay signed in its answer, or null when the answer is not cPay's: the order and
 * lengths come from ReturnCheckSumHeader (cPay swaps the first two and adds cPayPaymentRef), every
 * named field must be present with its stated length, and the checksum must match.
 */
export function cpayVerify(input: CpayFields, secret: string): CpayFields | null {
  const header = input.ReturnCheckSumHeader ?? "";
  const given = input.ReturnCheckSum ?? "";
  const match = /^(\d{2})(.*)$/s.exec(header);
  if (!match || !/^[0-9a-f]{32}$/i.test(given) || header.length > 4096) return null;
  const count = Number(match[1]);
  const parts = match[2]!.split(",");
  const lengths = parts.pop() ?? "";
  if (count < 1 || parts.length !== count || new Set(parts).size !== count || lengths.length !== count * 3)
    return null;
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
  const expected = md5(header + fields.map(([, value]) => value).join("") + secret);
  const ok = timingSafeEqual(Buffer.from(expected), Buffer.from(given.toUpperCase()));
  return ok ? Object.fromEntries(fields) : null;
}

/** Where cPay sends the payer back; also where the answer is verified. */
export function cpayReturnUrl(baseUrl: string, result: "ok" | "fail"): string {
  return `${baseUrl}/api/billing/cpay/${result}`;
}

export function createCpayProvider(settings: CpaySettings, baseUrl: string): PaymentProvider {
  return {
    method: "card",
    start(payment) {
      // cPay's order of the request fields; AmountToPay is in hundredths of a denar, as our cents.
      const fields: [string, string][] = [
        ["PaymentOKURL", cpayReturnUrl(baseUrl, "ok")],
        ["PaymentFailURL", cpayReturnUrl(baseUrl, "fail")],
        ["AmountToPay", String(payment.amountCents)],
        ["AmountCurrency", payment.currency],
        ["PayToMerchant", settings.merchantId],
        ["Details1", `Vitrina ${payment.reference}`],
        ["Details2", payment.id],
        ["MerchantName", settings.merchantName],
      ];
      const { header, checksum } = cpaySign(fields, settings.secret);
      return {
        kind: "redirect",
        url: settings.url,
        fields: { ...Object.fromEntries(fields), CheckSumHeader: header, CheckSum: checksum },
      };
    },
  };
}
