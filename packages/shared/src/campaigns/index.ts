export * from './campaign.contract.ts';
export * from './campaign.schema.ts';
export * from './contact-list.schema.ts';
