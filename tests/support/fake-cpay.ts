import { cpaySign } from "~/features/billing/cpay.server";

// A stand-in for CaSys cPay's hosted payment page (issue 16): given the fields the owner's browser
// posted to it, answers as cPay does — the request's fields with the first two swapped, its own
// payment reference added, signed in ReturnCheckSumHeader / ReturnCheckSum with the merchant's key.

export function fakeCpayAnswer(
  posted: Record<string, string>,
  secret: string,
  reference = "cpay-123456",
): Record<string, string> {
  const { CheckSumHeader: _header, CheckSum: _checksum, ...request } = posted;
  const entries = Object.entries(request);
  const [first, second, ...rest] = entries;
  const answer: [string, string][] = [second!, first!, ...rest, ["cPayPaymentRef", reference]];
  const { header, checksum } = cpaySign(answer, secret);
  return { ...Object.fromEntries(answer), ReturnCheckSumHeader: header, ReturnCheckSum: checksum };
}
