/* Cards on the hosted payment page; no zod here, so the page's small bundle can use it. */

/**
 * Documented test cards of the hosted page (README of the links domain). Any other number that passes
 * the Luhn check is declined; a full number is never stored, only its first 6 and last 4 digits.
 */
export const TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000000000003220',
} as const;

/** Luhn check of a card number's digits. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
