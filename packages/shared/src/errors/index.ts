export * from './codes.ts';
export * from './error-body.schema.ts';
