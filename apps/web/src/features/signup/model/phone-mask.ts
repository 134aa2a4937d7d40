/** Brazilian phone numbers: two digits of area code and 8 or 9 of number. */
export const PHONE_MAX_DIGITS = 11;

/**
 * Formats digits with the mask `(99) 99999-9999` as they are typed; a 10-digit number shows as
 * `(99) 9999-9999`. Anything that is not a digit is dropped, and digits past 11 are ignored.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
  if (digits.length === 0) return '';
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  if (digits.length <= 2) return `(${area}`;
  if (rest.length <= 4) return `(${area}) ${rest}`;
  const split = rest.length === 9 ? 5 : 4;
  return `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/**
 * The next value of a masked input after the user edited `previous` into `typed`. Deleting a
 * mask character (")", " " or "-") removes the digit before it, so backspace never gets stuck.
 */
export function nextPhoneValue(previous: string, typed: string): string {
  const previousDigits = previous.replace(/\D/g, '');
  const typedDigits = typed.replace(/\D/g, '');
  if (typed.length < previous.length && typedDigits === previousDigits) {
    return formatPhone(typedDigits.slice(0, -1));
  }
  return formatPhone(typed);
}
