export * from './plan.schema.ts';
