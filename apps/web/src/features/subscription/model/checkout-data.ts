/** The checkout's data step (spec "Subscription payload"); `address2` holds the street address. */
export interface CheckoutData {
  firstName: string;
  lastName: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  country: 'BR' | 'US';
  taxId: string;
}

export const emptyCheckoutData: CheckoutData = {
  firstName: '',
  lastName: '',
  address2: '',
  city: '',
  state: '',
  zipcode: '',
  country: 'BR',
  taxId: '',
};

/**
 * spec: on the data step firstName, address, city, zipcode and country are required. The step is
 * optional (the checkout starts at the plan step), so they are checked only when it is filled in.
 * The CPF/CNPJ, when given, must be 11 or 14 digits.
 */
export function checkoutDataErrors(data: CheckoutData): Partial<Record<keyof CheckoutData, true>> {
  const errors: Partial<Record<keyof CheckoutData, true>> = {};
  for (const name of ['firstName', 'address2', 'city', 'zipcode', 'country'] as const) {
    if (!data[name].trim()) errors[name] = true;
  }
  const digits = data.taxId.replace(/\D/g, '');
  if (data.taxId.trim() && digits.length !== 11 && digits.length !== 14) errors.taxId = true;
  return errors;
}

/**
 * spec: trial days are whole days, rounded up: the time left until the end of the due date (the
 * last day of access), in days, rounded up. Zero once it has passed.
 */
export function trialDaysLeft(dueDate: string | null | undefined, now = new Date()): number {
  if (!dueDate) return 0;
  const [year, month, day] = dueDate.slice(0, 10).split('-').map(Number);
  const endOfDueDay = new Date(year, month - 1, day + 1).getTime();
  return Math.max(0, Math.ceil((endOfDueDay - now.getTime()) / 86_400_000));
}
