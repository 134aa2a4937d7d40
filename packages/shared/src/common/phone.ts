/**
 * Phone numbers are stored as digits with the country code, as WhatsApp addresses them
 * (`5511987654321`). People type them in every shape: `+55 (11) 98765-4321`, `0055 11…`,
 * `(11) 98765-4321`, `011 98765-4321`.
 *
 * Rule (docs/decisions/contacts.md):
 * - everything but digits is dropped; a leading `00` (international dialling prefix) goes too;
 * - a number written with `+` is taken as already carrying its country code;
 * - otherwise a Brazilian national number (optional trunk `0`, a two-digit area code 11–99,
 *   then 8 or 9 digits: 10 or 11 digits in all) gets Brazil's country code 55 in front;
 * - anything else is kept as typed (assumed to carry its country code).
 */
export const BRAZIL_COUNTRY_CODE = '55';

/** The digits a number is stored as; '' when it has none. */
export function normalizePhoneNumber(input: string): string {
  const trimmed = input.trim();
  const hasPlus = trimmed.startsWith('+');
  let digits = trimmed.replace(/\D/g, '');
  if (digits.startsWith('00')) return digits.slice(2);
  if (hasPlus) return digits;
  // National trunk prefix: 0 + area code + subscriber number.
  if (digits.length === 11 || digits.length === 12) {
    if (digits.startsWith('0') && isBrazilianNational(digits.slice(1))) digits = digits.slice(1);
  }
  if (isBrazilianNational(digits)) return BRAZIL_COUNTRY_CODE + digits;
  return digits;
}

/** Area code 11–99 followed by 8 (landline or old mobile) or 9 (mobile, starting with 9) digits. */
function isBrazilianNational(digits: string): boolean {
  if (digits.length !== 10 && digits.length !== 11) return false;
  if (!/^[1-9][1-9]/.test(digits)) return false;
  return digits.length === 10 || digits[2] === '9';
}
