import { describe, expect, it } from 'vitest';
import { checkoutDataErrors, emptyCheckoutData, trialDaysLeft } from './checkout-data.ts';

describe('trialDaysLeft', () => {
  it('counts whole days to the end of the due date, rounded up', () => {
    expect(trialDaysLeft('2030-01-10', new Date(2030, 0, 10, 9))).toBe(1);
    expect(trialDaysLeft('2030-01-10', new Date(2030, 0, 8, 23))).toBe(3);
    expect(trialDaysLeft('2030-01-10', new Date(2030, 0, 8, 0))).toBe(3);
    expect(trialDaysLeft('2030-01-10', new Date(2030, 0, 11, 0, 1))).toBe(0);
    expect(trialDaysLeft(null)).toBe(0);
  });
});

describe('checkoutDataErrors', () => {
  it('requires the address fields and checks a given CPF/CNPJ', () => {
    expect(Object.keys(checkoutDataErrors(emptyCheckoutData)).sort()).toEqual([
      'address2',
      'city',
      'firstName',
      'zipcode',
    ]);
    const filled = { ...emptyCheckoutData, firstName: 'Ana', address2: 'Rua A', city: 'SP', zipcode: '01000-000' };
    expect(checkoutDataErrors(filled)).toEqual({});
    expect(checkoutDataErrors({ ...filled, taxId: '123' })).toEqual({ taxId: true });
    expect(checkoutDataErrors({ ...filled, taxId: '123.456.789-09' })).toEqual({});
  });
});
