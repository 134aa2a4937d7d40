export * from './user.schema.ts';
