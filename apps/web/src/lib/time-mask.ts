/**
 * spec: times use an HH:MM mask. Keeps digits only and inserts the colon, so "0830" and
 * "08:30" both read 08:30; at most four digits.
 */
export function maskTime(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}
