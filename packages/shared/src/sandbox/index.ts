export * from './sandbox.schema.ts';
