export * from './signup.schema.ts';
