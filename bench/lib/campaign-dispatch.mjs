async function call(base, token, method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

async function until(check, seconds, what, everyMs = 100) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Issue 15: a campaign of `contacts` contacts with every interval 0 through a sandbox connection,
 * from its start to FINALIZADA: messages per second, and the CPU per message (server and database).
 */
export async function measureCampaignDispatch({ base, token, cpu, contacts }) {
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
  const span = cpu.start();
  const started = Date.now();
  const answer = await call(base, token, 'POST', '/api/campaigns', {
    name: 'Bench campaign',
    whatsappId: id,
    contactListId: list.id,
    message1: 'Hello {{firstName}}',
    message2: 'Hi {{name}}',
    scheduledAt: new Date().toISOString(),
  });
  if (answer.status >= 300) throw new Error(`campaign not created: ${answer.status} ${JSON.stringify(answer.body)}`);
  const campaign = answer.body;

  const report = await until(
    async () => {
      const answer = await call(base, token, 'GET', `/api/campaigns/${campaign.id}/report`);
      if (answer.status !== 200) throw new Error(`campaign report: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.campaign.status === 'FINALIZADA' ? answer.body : null;
    },
    1200,
    'campaign finished',
    // Once a second, as someone watching the report would reload it: each look counts the
    // campaign's records, and ten a second were a fifth of the CPU the figure charged to sending.
    1000,
  );
  const seconds = (Date.now() - started) / 1000;
  return { sent: report.sent, seconds, perSecond: report.sent / seconds, cpu: span.perOperation(report.sent) };
}
