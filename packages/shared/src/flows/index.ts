export * from './flow.constants.ts';
export * from './flow.contract.ts';
export * from './flow.schema.ts';
export * from './flow-campaign.schema.ts';
export * from './flow-graph.ts';
export * from './flow-phrase.ts';
