import { createPgliteTemplate, createPostgresTemplate } from './database-template.ts';

export default async function globalSetup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await createPostgresTemplate(serverUrl);
  else await createPgliteTemplate();
}
