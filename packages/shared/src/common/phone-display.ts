import { BRAZIL_COUNTRY_CODE } from './phone.ts';

/**
 * Country calling codes of one and two digits (ITU E.164); every other code has three. Enough to
 * split the country code off a stored number without a full numbering-plan table.
 */
const oneDigitCodes = new Set(['1', '7']);
const twoDigitCodes = new Set(
  '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(
    ' ',
  ),
);

/** Group sizes for a national number of a given length, read left to right. */
const groupsByLength: Record<number, number[]> = {
  5: [1, 4],
  6: [2, 4],
  7: [3, 4],
  8: [4, 4],
  9: [3, 3, 3],
  10: [3, 3, 4],
  11: [3, 4, 4],
  12: [4, 4, 4],
  13: [3, 3, 3, 4],
};

function countryCodeOf(digits: string): string {
  if (oneDigitCodes.has(digits.slice(0, 1))) return digits.slice(0, 1);
  if (twoDigitCodes.has(digits.slice(0, 2))) return digits.slice(0, 2);
  return digits.slice(0, 3);
}

function group(digits: string, sizes: number[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/**
 * A stored number (digits with the country code, see phone.ts) as people read it:
 * `5511988887777` → `+55 11 98888-7777`, `552134567890` → `+55 21 3456-7890`,
 * `14155552671` → `+1 415 555 2671`. Groups (`isGroup`), ids with anything but digits and digit
 * runs that cannot be a phone number (under 8 or over 15 digits, E.164's limit) come back as they are.
 * For display only: links and searches keep the stored digits.
 */
export function formatPhoneNumber(stored: string, isGroup = false): string {
  if (isGroup || !/^\d{8,15}$/.test(stored)) return stored;
  const code = countryCodeOf(stored);
  const national = stored.slice(code.length);
  // Brazil: area code, then 8 or 9 digits split before the last four (as written on the phone).
  if (code === BRAZIL_COUNTRY_CODE && /^[1-9]{2}\d{8,9}$/.test(national)) {
    const subscriber = national.slice(2);
    const split = subscriber.length - 4;
    return `+55 ${national.slice(0, 2)} ${subscriber.slice(0, split)}-${subscriber.slice(split)}`;
  }
  const sizes = groupsByLength[national.length];
  return sizes ? `+${code} ${group(national, sizes)}` : `+${code} ${national}`;
}
