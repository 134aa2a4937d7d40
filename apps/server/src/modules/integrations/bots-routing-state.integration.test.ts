import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { contacts, queues, tickets, whatsappQueues, whatsapps } from '../../tables.ts';
import { createAutomationRepository } from '../automation/automation.repository.ts';
import { routingStateOf } from '../automation/index.ts';
import { createFlowsRepository } from '../flows/flows.repository.ts';
import { createBotsRepository } from './bots.repository.ts';
import { queueIntegrations } from './integrations.tables.ts';

/**
 * On a pending ticket the flows read the ticket first and hand that read to the bots; when no bot
 * takes the message routing automation decides from it too, instead of its own. The flows' read
 * must hold what the bots read themselves, and routing's view of it what routing reads itself,
 * for every shape of ticket and connection they tell apart.
 */
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe("the flows' read as the bots' and routing's", () => {
  it('equals what routing reads itself, for each kind of ticket and connection', async () => {
    const company = await buildCompany(t.db);
    const companyId = company.id;
    const [integration] = await t.db
      .insert(queueIntegrations)
      .values({ companyId, type: 'webhook', name: 'hook' })
      .returning();
    const [greeting, silent, withQueues] = await t.db
      .insert(whatsapps)
      .values([
        { companyId, name: 'greets', greetingMessage: 'Hello!', integrationId: integration.id },
        { companyId, name: 'silent' },
        { companyId, name: 'with queues', greetingMessage: 'Pick a queue' },
      ])
      .returning();
    const [queue] = await t.db
      .insert(queues)
      .values({ companyId, name: 'Sales', color: '#123456', integrationId: integration.id })
      .returning();
    await t.db.insert(whatsappQueues).values({ whatsappId: withQueues.id, queueId: queue.id });
    const newContact = async (number: string) =>
      (await t.db.insert(contacts).values({ companyId, name: number, number }).returning())[0];

    const shapes: (typeof tickets.$inferInsert)[] = [
      { companyId, whatsappId: greeting.id, contactId: 0, status: 'pending' },
      { companyId, whatsappId: greeting.id, contactId: 0, status: 'pending', greetingSentAt: new Date() },
      { companyId, whatsappId: silent.id, contactId: 0, status: 'pending' },
      { companyId, whatsappId: withQueues.id, contactId: 0, status: 'pending', chatbot: true },
      { companyId, whatsappId: withQueues.id, contactId: 0, status: 'pending', queueId: queue.id },
      { companyId, whatsappId: withQueues.id, contactId: 0, status: 'open', queueId: queue.id },
      { companyId, whatsappId: greeting.id, contactId: 0, status: 'pending', isGroup: true },
    ];
    const bots = createBotsRepository(t.db);
    const routing = createAutomationRepository(t.db);
    const flows = createFlowsRepository(t.db);
    for (const [index, shape] of shapes.entries()) {
      const contact = await newContact(`55119000000${index}`);
      const [ticket] = await t.db
        .insert(tickets)
        .values({ ...shape, contactId: contact.id })
        .returning();
      const read = await bots.ticketState(companyId, ticket.id);
      expect(read).not.toBeNull();
      const flowRead = await flows.messageState(companyId, ticket.id, {
        whatsappId: ticket.whatsappId!,
        phraseKey: '',
      });
      const { runningRunId, hasRun, campaignFlowId, ...handedOn } = flowRead!;
      expect({ runningRunId, hasRun, campaignFlowId }).toEqual({
        runningRunId: null,
        hasRun: false,
        campaignFlowId: null,
      });
      expect(handedOn).toEqual(read);
      expect(routingStateOf(read!, ticket.whatsappId!)).toEqual(
        await routing.routingState(companyId, ticket.id, ticket.whatsappId!),
      );
      // A message through another connection than the ticket's: routing reads its own.
      expect(routingStateOf(read!, ticket.whatsappId! + 1000)).toBeUndefined();
    }
  });
});
