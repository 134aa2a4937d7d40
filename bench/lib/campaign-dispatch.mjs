import { cpuSeconds } from './server.mjs';

async function call(base, token, method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

async function until(check, seconds, what) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Issue 15: a campaign of `contacts` contacts with every interval 0 through a sandbox connection,
 * from its start to FINALIZADA: messages per second, and the server's CPU time per message.
 */
export async function measureCampaignDispatch({ base, token, pid, contacts }) {
  const created = await call(base, token, 'POST', '/api/whatsapp', {
    name: `Bench campaign ${Date.now()}`,
    provider: 'sandbox',
  });
  const id = created.body.id;
  await until(
    async () => (await call(base, token, 'GET', `/api/whatsapp/${id}`)).body.status === 'qrcode',
    30,
    'qrcode',
  );
  await call(base, token, 'POST', `/api/sandbox/${id}/scan`);
  await until(
    async () => (await call(base, token, 'GET', `/api/whatsapp/${id}`)).body.status === 'CONNECTED',
    30,
    'connected',
  );
  await call(base, token, 'POST', '/api/campaign-settings', {
    settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 },
  });
  const list = (await call(base, token, 'POST', '/api/contact-lists', { name: 'Bench list' })).body;
  for (let start = 0; start < contacts; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, contacts - start) }, (_, i) => ({
      name: `Bench ${start + i}`,
      number: `5599${String(start + i).padStart(9, '0')}`,
    }));
    await call(base, token, 'POST', `/api/contact-lists/${list.id}/upload`, { rows });
  }
  const cpuBefore = cpuSeconds(pid);
  const started = Date.now();
  const campaign = (
    await call(base, token, 'POST', '/api/campaigns', {
      name: 'Bench campaign',
      whatsappId: id,
      contactListId: list.id,
      message1: 'Hello {{firstName}}',
      message2: 'Hi {{name}}',
      scheduledAt: new Date().toISOString(),
    })
  ).body;
  const report = await until(
    async () => {
      const current = (await call(base, token, 'GET', `/api/campaigns/${campaign.id}/report`)).body;
      return current.campaign.status === 'FINALIZADA' ? current : null;
    },
    1200,
    'campaign finished',
  );
  const seconds = (Date.now() - started) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  return { sent: report.sent, seconds, perSecond: report.sent / seconds, cpuMsPerMessage: (cpu * 1000) / report.sent };
}
