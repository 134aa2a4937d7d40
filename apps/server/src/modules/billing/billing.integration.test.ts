import {
  addMonthsClamped,
  type InvoiceRecord,
  type InvoicesPage,
  type PaymentEvent,
  type SubscriptionAnswer,
} from '@wacrm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinRoom, waitUntil } from '../../../test/eventually.ts';
import { buildCompany, buildPlan, buildUser, isoDay, TEST_PASSWORD } from '../../../test/factories.ts';
import { type FakePsp, startFakePsp } from '../../../test/fake-pix-psp.ts';
import { nextEvent, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { companies } from '../../tables.ts';
import { invoiceGenerationJob, invoiceSweepJob } from './billing.jobs.ts';
import { invoices, pixPayments } from './billing.tables.ts';

const WEBHOOK_SECRET = 'a-shared-webhook-secret-0123456789';
let psp: FakePsp;
let t: TestServer;
beforeAll(async () => {
  psp = await startFakePsp({ webhookSecret: WEBHOOK_SECRET });
  t = await startTestServer({
    PIX_API_URL: psp.url,
    PIX_CLIENT_ID: psp.clientId,
    PIX_CLIENT_SECRET: psp.clientSecret,
    PIX_KEY: 'billing@example.com',
    PIX_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  psp.setWebhookUrl(`${t.url}/api/payments/pix/webhook`);
});
afterAll(async () => {
  await t?.close();
  await psp?.close();
});

async function payingCompany(fields: { value?: number; dueDate?: string | null; recurrence?: string } = {}) {
  const plan = await buildPlan(t.db, { value: fields.value ?? 149.9 });
  const company = await buildCompany(t.db, {
    planId: plan.id,
    dueDate: fields.dueDate === undefined ? isoDay(5) : fields.dueDate,
    recurrence: fields.recurrence ?? 'MENSAL',
  });
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const session = await t.login(admin.email, TEST_PASSWORD);
  return { plan, company, admin, session, api: t.as(session.token) };
}

const dueDateOf = async (companyId: number) =>
  (await t.db.select({ dueDate: companies.dueDate }).from(companies).where(eq(companies.id, companyId)))[0].dueDate;

const chargeBody = (txid: string) =>
  psp.requests.find((request) => request.method === 'PUT' && request.path === `/v2/cob/${txid}`)?.body as {
    valor: { original: string };
    chave: string;
    devedor?: { cpf?: string; nome: string };
  };

describe('checkout against the PSP', () => {
  it('charges the plan price whatever the payload says, and a paid webhook pays the invoice once', async () => {
    const { plan, company, api, session } = await payingCompany({ value: 149.9, dueDate: isoDay(5) });
    const socket = t.connectSocket(session.token);
    await nextEvent(socket, 'ready');
    const payment = new Promise<PaymentEvent>((resolve) => socket.once(`company-${company.id}-payment`, resolve));

    const tampered = JSON.stringify({ id: plan.id, value: 0.01 });
    const checkout = await api.post('/api/subscription', {
      plan: tampered,
      price: 0.01,
      firstName: 'Ana',
      country: 'BR',
    });
    expect(checkout.status).toBe(200);
    const answer = checkout.body as SubscriptionAnswer;
    expect(answer.valor.original).toBe('149.90');
    expect(answer.qrcode.qrcode).toMatch(/^000201/);
    expect(answer.qrcode.imagemQrcode).toMatch(/^data:image\//);
    expect(Date.parse(answer.expiresAt)).toBeGreaterThan(Date.now());
    expect(chargeBody(answer.txid)).toMatchObject({ valor: { original: '149.90' }, chave: 'billing@example.com' });

    // The same checkout again shows the same live charge rather than making another.
    const again = (await api.post('/api/subscription', { planId: plan.id })).body as SubscriptionAnswer;
    expect(again.txid).toBe(answer.txid);

    const open = (await api.get(`/api/invoices/${answer.invoiceId}`)).body as InvoiceRecord;
    expect(open).toMatchObject({ status: 'open', value: 149.9, dueDate: isoDay(5), planId: plan.id });

    const paid = await psp.pay(answer.txid);
    expect(paid.status).toBe(200);
    const expected = addMonthsClamped(isoDay(5), 1);
    expect(await payment).toEqual({ action: 'CONCLUIDA', invoiceId: answer.invoiceId, dueDate: expected });
    expect(await dueDateOf(company.id)).toBe(expected);
    const invoice = (await api.get(`/api/invoices/${answer.invoiceId}`)).body as InvoiceRecord;
    expect(invoice.status).toBe('paid');
    expect(invoice.paidAt).not.toBeNull();

    // The same callback again (a PSP retry): recorded once, no second extension.
    expect(await psp.callWebhook(paid.payload)).toBe(200);
    // Another Pix for the same, already paid charge: recorded, not accepted, no extension.
    const second = await psp.pay(answer.txid);
    expect(second.status).toBe(200);
    expect(await dueDateOf(company.id)).toBe(expected);
    const rows = await t.db.select().from(pixPayments).where(eq(pixPayments.invoiceId, answer.invoiceId));
    expect(rows.map((row) => [row.endToEndId, row.outcome]).sort()).toEqual(
      [
        [paid.endToEndId, 'accepted'],
        [second.endToEndId, 'already_paid'],
      ].sort(),
    );

    // A paid invoice cannot be paid again through the checkout.
    expect((await api.post('/api/subscription', { invoiceId: answer.invoiceId })).body.error).toBe(
      'ERR_INVOICE_ALREADY_PAID',
    );
  });

  it('sends the payer as the debtor when a CPF is given, and reuses the OAuth token', async () => {
    const { company, api } = await payingCompany();
    const tokensBefore = psp.requests.filter((request) => request.path === '/oauth/token').length;
    const answer = (
      await api.post('/api/subscription', {
        planId: company.planId,
        firstName: 'Ana',
        lastName: 'Lima',
        taxId: '12345678909',
      })
    ).body as SubscriptionAnswer;
    expect(chargeBody(answer.txid)).toMatchObject({ devedor: { cpf: '12345678909', nome: 'Ana Lima' } });
    expect(psp.requests.filter((request) => request.path === '/oauth/token').length).toBe(tokensBefore);
    const bad = await api.post('/api/subscription', { planId: company.planId, taxId: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('taxId');
  });

  it('extends from today when the due date has already passed', async () => {
    const { company, api } = await payingCompany({ dueDate: isoDay(0), recurrence: 'TRIMESTRAL' });
    // Pays on the due date itself (today): from today = from the due date.
    const { txid } = (await api.post('/api/subscription', { planId: company.planId })).body as SubscriptionAnswer;
    await t.db
      .update(companies)
      .set({ dueDate: isoDay(-3) })
      .where(eq(companies.id, company.id));
    expect((await psp.pay(txid)).status).toBe(200);
    expect(await dueDateOf(company.id)).toBe(addMonthsClamped(isoDay(0), 3));
  });

  it('records a wrong amount and does not accept it', async () => {
    const { company, api } = await payingCompany({ value: 80 });
    const answer = (await api.post('/api/subscription', { planId: company.planId })).body as SubscriptionAnswer;
    const paid = await psp.pay(answer.txid, { amount: '8.00' });
    expect(paid.status).toBe(200);
    const [row] = await t.db.select().from(pixPayments).where(eq(pixPayments.endToEndId, paid.endToEndId));
    expect(row).toMatchObject({ accepted: false, outcome: 'wrong_amount', amount: 8, invoiceId: answer.invoiceId });
    expect(((await api.get(`/api/invoices/${answer.invoiceId}`)).body as InvoiceRecord).status).toBe('open');
    expect(await dueDateOf(company.id)).toBe(isoDay(5));
  });

  it('refuses a callback without the shared secret and changes nothing; accepts it as ?hmac=', async () => {
    const { company, api } = await payingCompany();
    const answer = (await api.post('/api/subscription', { planId: company.planId })).body as SubscriptionAnswer;
    for (const secret of [null, 'wrong-secret-wrong-secret-wrong!!']) {
      const refused = await psp.pay(answer.txid, { secret });
      expect(refused.status).toBe(401);
      const rows = await t.db.select().from(pixPayments).where(eq(pixPayments.endToEndId, refused.endToEndId));
      expect(rows).toHaveLength(0);
    }
    expect(((await api.get(`/api/invoices/${answer.invoiceId}`)).body as InvoiceRecord).status).toBe('open');
    expect(await dueDateOf(company.id)).toBe(isoDay(5));

    const payload = {
      pix: [{ endToEndId: 'E0000000000000000000000000000Q1', txid: answer.txid, valor: answer.valor.original }],
    };
    const viaQuery = await t.app.inject({
      method: 'POST',
      url: `/api/payments/pix/webhook?hmac=${encodeURIComponent(WEBHOOK_SECRET)}`,
      payload,
    });
    expect(viaQuery.statusCode).toBe(200);
    expect(((await api.get(`/api/invoices/${answer.invoiceId}`)).body as InvoiceRecord).status).toBe('paid');
  });

  it('answers 400 for a malformed callback and for a checkout without plan or invoice', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payments/pix/webhook/pix',
      headers: { 'x-webhook-secret': WEBHOOK_SECRET },
      payload: { pix: [{ txid: 'x', valor: 'lots' }] },
    });
    expect(bad.statusCode).toBe(400);
    const { api } = await payingCompany();
    const empty = await api.post('/api/subscription', { price: 10 });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('ERR_VALIDATION');
    expect((await api.post('/api/subscription', { planId: 999_999 })).status).toBe(404);
  });
});

describe('invoices and tenancy', () => {
  it("answers 404 for another company's invoice, lists only the own company, and all for the super user", async () => {
    const a = await payingCompany();
    const b = await payingCompany();
    const ofA = (await a.api.post('/api/subscription', { planId: a.company.planId })).body as SubscriptionAnswer;
    const ofB = (await b.api.post('/api/subscription', { planId: b.company.planId })).body as SubscriptionAnswer;

    expect((await b.api.get(`/api/invoices/${ofA.invoiceId}`)).status).toBe(404);
    expect((await b.api.post('/api/subscription', { invoiceId: ofA.invoiceId })).status).toBe(404);
    const listB = (await b.api.get('/api/invoices')).body as InvoicesPage;
    expect(listB.invoices.map((invoice) => invoice.id)).toEqual([ofB.invoiceId]);
    // A company filter means nothing to a company admin: still only their own.
    const filtered = (await b.api.get(`/api/invoices?companyId=${a.company.id}`)).body as InvoicesPage;
    expect(filtered.invoices.map((invoice) => invoice.id)).toEqual([ofB.invoiceId]);

    const root = await t.login('admin@admin.com', '123456');
    const all = (await t.as(root.token).get('/api/invoices')).body as InvoicesPage;
    expect(all.invoices.map((invoice) => invoice.id)).toEqual(expect.arrayContaining([ofA.invoiceId, ofB.invoiceId]));
    const onlyA = (await t.as(root.token).get(`/api/invoices?companyId=${a.company.id}`)).body as InvoicesPage;
    expect(onlyA.invoices.map((invoice) => invoice.id)).toEqual([ofA.invoiceId]);
    expect(onlyA.invoices[0].companyName).toBe(a.company.name);
    expect((await t.as(root.token).get(`/api/invoices/${ofB.invoiceId}`)).status).toBe(200);
  });

  it('keeps attendants out of invoices and the checkout (before reading the body)', async () => {
    const { company } = await payingCompany();
    const user = await buildUser(t.db, { companyId: company.id, profile: 'user' });
    const { token } = await t.login(user.email, TEST_PASSWORD);
    for (const response of [
      await t.as(token).get('/api/invoices'),
      await t.as(token).get('/api/subscription'),
      await t.as(token).post('/api/subscription', { nonsense: true }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('ERR_NO_PERMISSION');
    }
  });

  it('marks an open invoice past its due date overdue, and filters by status', async () => {
    const { company, api } = await payingCompany({ dueDate: isoDay(1) });
    const { invoiceId } = (await api.post('/api/subscription', { planId: company.planId })).body as SubscriptionAnswer;
    await t.db
      .update(invoices)
      .set({ dueDate: isoDay(-2) })
      .where(eq(invoices.id, invoiceId));
    expect(((await api.get(`/api/invoices/${invoiceId}`)).body as InvoiceRecord).status).toBe('overdue');
    const overdue = (await api.get('/api/invoices?status=overdue')).body as InvoicesPage;
    expect(overdue.invoices.map((invoice) => invoice.id)).toEqual([invoiceId]);
    expect(((await api.get('/api/invoices?status=paid')).body as InvoicesPage).invoices).toEqual([]);
  });
});

describe('an expired company', () => {
  it('lets its admin in to billing only until paid, and keeps attendants out', async () => {
    const plan = await buildPlan(t.db, { value: 50 });
    const company = await buildCompany(t.db, { planId: plan.id, dueDate: isoDay(-2) });
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const attendant = await buildUser(t.db, { companyId: company.id, profile: 'user' });

    const refused = await t.request('POST', '/api/auth/login', {
      body: { email: attendant.email, password: TEST_PASSWORD },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');

    const session = await t.login(admin.email, TEST_PASSWORD);
    expect(session.user.company.billingOnly).toBe(true);
    expect(session.dueDateWarningDays).toBeUndefined();
    const api = t.as(session.token);
    expect((await api.get('/api/auth/me')).status).toBe(200);
    for (const path of ['/api/contacts', '/api/tickets', '/api/users/', '/api/settings']) {
      const response = await api.get(path);
      expect(response.status, path).toBe(402);
      expect(response.body.error).toBe('ERR_BILLING_ONLY');
    }
    // A refresh keeps the billing-only session going.
    expect((await t.request('POST', '/api/auth/refresh_token', { cookie: session.cookie })).status).toBe(200);

    expect((await api.get('/api/subscription')).body).toMatchObject({ paymentsConfigured: true, dueDate: isoDay(-2) });
    // The invoice of the passed due date is there to pay, overdue (made when first listed at the latest).
    const listed = (await api.get('/api/invoices')).body as InvoicesPage;
    expect(listed.invoices).toMatchObject([{ status: 'overdue', dueDate: isoDay(-2), value: 50 }]);
    const answer = (await api.post('/api/subscription', { planId: plan.id })).body as SubscriptionAnswer;
    expect(answer.valor.original).toBe('50.00');
    expect(answer.invoiceId).toBe(listed.invoices[0].id);
    // Its socket hears the payment and nothing of the company's work: ticket joins are refused.
    const socket = t.connectSocket(session.token);
    await nextEvent(socket, 'ready');
    expect(await joinRoom(socket, 'joinTickets', 'open')).toBe(false);
    const payment = nextEvent<PaymentEvent>(socket, `company-${company.id}-payment`);
    expect((await psp.pay(answer.txid)).status).toBe(200);
    expect((await payment).action).toBe('CONCLUIDA');

    expect(await dueDateOf(company.id)).toBe(addMonthsClamped(isoDay(0), 1));
    const me = await api.get('/api/auth/me');
    expect(me.body.company.billingOnly).toBe(false);
    expect((await api.get('/api/contacts')).status).toBe(200);
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email: attendant.email, password: TEST_PASSWORD } }))
        .status,
    ).toBe(200);
  });
});

describe('invoice generation', () => {
  it('makes the invoice from the plan price once the due date is within the configured days', async () => {
    const near = await payingCompany({ value: 77.5, dueDate: isoDay(3), recurrence: 'ANUAL' });
    const far = await payingCompany({ dueDate: isoDay(40) });
    await t.platform.jobs.runNow(invoiceSweepJob);
    await t.platform.jobs.runNow(invoiceSweepJob);
    const nearInvoices = await t.db.select().from(invoices).where(eq(invoices.companyId, near.company.id));
    expect(nearInvoices).toHaveLength(1);
    expect(nearInvoices[0]).toMatchObject({
      value: 77.5,
      dueDate: isoDay(3),
      periodEnd: addMonthsClamped(isoDay(3), 12),
      status: 'open',
      planId: near.plan.id,
    });
    expect(await t.db.select().from(invoices).where(eq(invoices.companyId, far.company.id))).toHaveLength(0);
    // The far one has its job waiting for its time.
    expect(await t.platform.jobs.hasWaitingJob(invoiceGenerationJob, `${far.company.id}:${isoDay(40)}`)).toBe(true);
  });

  it("makes the invoice when the super user moves a company's due date into the window", async () => {
    const plan = await buildPlan(t.db, { value: 60 });
    const company = await buildCompany(t.db, { planId: plan.id, dueDate: isoDay(-25) });
    const root = await t.login('admin@admin.com', '123456');
    const renewed = await t.as(root.token).post(`/api/companies/${company.id}/renew`);
    expect(renewed.status).toBe(200);
    const dueDate = addMonthsClamped(isoDay(-25), 1);
    const rows = await t.db.select().from(invoices).where(eq(invoices.companyId, company.id));
    expect(rows).toMatchObject([{ dueDate, value: 60, status: 'open' }]);
  });

  it('plans the next invoice after a payment', async () => {
    const { company, api } = await payingCompany({ dueDate: isoDay(2) });
    const { txid } = (await api.post('/api/subscription', { planId: company.planId })).body as SubscriptionAnswer;
    await psp.pay(txid);
    const next = addMonthsClamped(isoDay(2), 1);
    await waitUntil(() => t.platform.jobs.hasWaitingJob(invoiceGenerationJob, `${company.id}:${next}`));
  });
});

describe('without a PSP configured', () => {
  it('says payments are not configured', async () => {
    const bare = await startTestServer();
    try {
      const company = await buildCompany(bare.db);
      const admin = await buildUser(bare.db, { companyId: company.id, profile: 'admin' });
      const api = bare.as((await bare.login(admin.email, TEST_PASSWORD)).token);
      expect((await api.get('/api/subscription')).body.paymentsConfigured).toBe(false);
      const response = await api.post('/api/subscription', { planId: company.planId });
      expect(response.status).toBe(503);
      expect(response.body.error).toBe('ERR_PAYMENTS_NOT_CONFIGURED');
      // No secret configured: every callback is refused.
      const hook = await bare.app.inject({ method: 'POST', url: '/api/payments/pix/webhook', payload: {} });
      expect(hook.statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });
});
