import type { prompts, queueIntegrations } from './integrations.tables.ts';

type PromptRow = typeof prompts.$inferSelect;
type IntegrationRow = typeof queueIntegrations.$inferSelect;

/** A prompt as the audit log compares it; its keys are hidden (`apiKey` by its name, `voiceKey` named below). */
export function promptAuditView(row: PromptRow) {
  const { id: _id, companyId: _company, createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields;
}
export const promptSecrets = ['voiceKey'];

/** An integration as the audit log compares it (`webhookSecret` hidden by its name). */
export function integrationAuditView(row: IntegrationRow) {
  const { id: _id, companyId: _company, createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields;
}
/** A Dialogflow service account's JSON holds its private key. */
export const integrationSecrets = ['jsonContent'];
