export * from './auth.schema.ts';
export * from './permissions.ts';
