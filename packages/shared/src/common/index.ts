export * from './company-time.ts';
export * from './constants.ts';
export * from './db-values.ts';
export * from './pagination.ts';
export * from './phone.ts';
export * from './phone-display.ts';
export * from './route-contract.ts';
