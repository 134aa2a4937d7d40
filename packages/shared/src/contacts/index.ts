export * from './contact.contract.ts';
export * from './contact.schema.ts';
export * from './contact-csv.ts';
export * from './contact-upload.ts';
