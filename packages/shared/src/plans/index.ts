export * from './plan.schema.ts';
export * from './plan-features.ts';
