export * from './settings.contract.ts';
export * from './settings.ts';
