// EAN-8 / EAN-13 checks for product barcodes typed by hand or imported from a POS export,
// where a wrong digit is the usual mistake and the check digit catches it.

/** Check digit (GS1 mod 10) for the digits before it: 12 for EAN-13, 7 for EAN-8. */
export function eanCheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new RangeError(`EAN body must be digits: ${body}`);
  let sum = 0;
  // Weights alternate 3, 1, … starting from the digit next to the check digit.
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for an 8- or 13-digit code whose last digit is the right check digit. */
export function isValidEan(code: string): boolean {
  if (!/^(?:\d{8}|\d{13})$/.test(code)) return false;
  return eanCheckDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48;
}
