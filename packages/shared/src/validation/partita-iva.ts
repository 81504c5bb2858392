/** Italian VAT number (partita IVA): 11 digits, the last one a Luhn-style check digit. */

const PIVA_SHAPE = /^\d{11}$/;

/** The check digit for the first 10 digits: odd positions as they are, even positions doubled (minus 9 above 9). */
export function partitaIvaCheckDigit(first10: string): string {
  if (!/^\d{10}$/.test(first10)) throw new RangeError('partitaIvaCheckDigit expects 10 digits');
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = first10.charCodeAt(i) - 48;
    if (i % 2 === 0) {
      sum += digit;
    } else {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    }
  }
  return String((10 - (sum % 10)) % 10);
}

/** True for 11 digits with the right check digit. Empty is NOT valid here; optional fields use optional(). */
export function isValidPartitaIva(value: string): boolean {
  return PIVA_SHAPE.test(value) && partitaIvaCheckDigit(value.slice(0, 10)) === value[10];
}
