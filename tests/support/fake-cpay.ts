import { createHash } from "node:crypto";
import { cpaySign } from "~/features/billing/cpay.server";

// A stand-in for CaSys cPay's hosted payment page, speaking its return protocol (decision 0117):
// given the fields the owner's browser posted to it, it checks the request's CheckSum as cPay
// does, then answers with the signed request fields in the request's order with the first two
// swapped, its own reference of the charge (cPayPaymentRef) added last, all signed in
// ReturnCheckSumHeader / ReturnCheckSum with the merchant's key.

/** cPay's reference for a charge of this order: digits, the same for the same order. */
export function fakeCpayReference(posted: Record<string, string>): string {
  const digest = createHash("sha256")
    .update(posted.Details2 ?? "")
    .digest();
  return String(digest.readUInt32BE(0)).padStart(10, "0");
}

export function fakeCpayAnswer(
  posted: Record<string, string>,
  secret: string,
  reference = fakeCpayReference(posted),
): Record<string, string> {
  // cPay reads the order of the fields from the request's header and refuses a bad checksum.
  const header = posted.CheckSumHeader ?? "";
  const names = header.slice(2).split(",").slice(0, -1);
  const request = names.map((name): [string, string] => [name, posted[name] ?? ""]);
  if (names.length < 2 || cpaySign(request, secret).checksum !== posted.CheckSum)
    throw new Error("fake cPay: the request's CheckSum does not match its fields");
  const [first, second, ...rest] = request;
  const answer: [string, string][] = [second!, first!, ...rest, ["cPayPaymentRef", reference]];
  const { header: returnHeader, checksum } = cpaySign(answer, secret);
  return { ...Object.fromEntries(answer), ReturnCheckSumHeader: returnHeader, ReturnCheckSum: checksum };
}

/** A return cPay signed with some fields changed (an answer for another amount, merchant, …). */
export function fakeCpayResigned(
  answer: Record<string, string>,
  changes: Record<string, string>,
  secret: string,
): Record<string, string> {
  const names = (answer.ReturnCheckSumHeader ?? "").slice(2).split(",").slice(0, -1);
  const fields = names.map((name): [string, string] => [name, changes[name] ?? answer[name] ?? ""]);
  const { header, checksum } = cpaySign(fields, secret);
  return { ...Object.fromEntries(fields), ReturnCheckSumHeader: header, ReturnCheckSum: checksum };
}
