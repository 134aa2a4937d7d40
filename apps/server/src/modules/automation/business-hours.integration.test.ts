import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox } from '../../../test/channels.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import {
  company,
  createTestClock,
  customer,
  MAIN_MENU,
  queue,
  ticketOf,
  twoQueueSetup,
} from './automation.test-helpers.ts';

// Out-of-hours messages, by company and by queue.

const clock = createTestClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { clock: clock.now });
});
afterAll(() => t.close());

describe('business hours', () => {
  // Monday 2026-11-23 07:00 in São Paulo (10:00 UTC) and 10:00 there (13:00 UTC).
  const beforeOpening = new Date('2026-11-23T10:00:00Z');
  const morning = new Date('2026-11-23T13:00:00Z');

  it('by company: outside its week the out-of-hours message goes once per 30 minutes, no menu', async () => {
    const {
      company: c,
      connection,
      api,
    } = await twoQueueSetup(t, { scheduleType: 'company' }, { outOfHoursMessage: 'We open at 8.' });
    await api.put(`/api/companies/${c.id}/schedules`, {
      schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }],
    });
    const me = customer(api, connection.id);
    try {
      clock.fixed = beforeOpening;
      await me.say('hi');
      await me.say('hello?');
      expect(await me.received()).toEqual(['We open at 8.']);
      clock.fixed = new Date(beforeOpening.getTime() + 31 * 60_000);
      await me.say('still there?');
      expect(await me.received()).toEqual(['We open at 8.']);
      clock.fixed = morning;
      await me.say('good morning');
      expect(await me.received()).toEqual([MAIN_MENU]);
      expect(await ticketOf(t, c.id, me.number)).toMatchObject({ status: 'pending' });
    } finally {
      clock.fixed = null;
    }
  });

  it('by queue: the chosen queue’s hours decide and its own message is sent', async () => {
    const ctx = await company(t, { scheduleType: 'queue' });
    const closedAllWeek = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(
      (weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: '00:00', endTime: '00:00' }),
    );
    const night = await queue(ctx.api, {
      name: 'Night',
      orderQueue: 1,
      schedules: closedAllWeek,
      outOfHoursMessage: 'Night queue is closed.',
      greetingMessage: 'Night here.',
    });
    const day = await queue(ctx.api, { name: 'Day', orderQueue: 2, greetingMessage: 'Day here.' });
    const connection = await pairedSandbox(t, ctx.token, { greetingMessage: 'Welcome!', queueIds: [night.id, day.id] });
    try {
      clock.fixed = morning;
      const first = customer(ctx.api, connection.id);
      await first.say('hi');
      await first.say('1');
      expect((await first.received())[1]).toBe('Night queue is closed.');
      expect(await ticketOf(t, ctx.company.id, first.number)).toMatchObject({ queueId: night.id, chatbot: false });
      const second = customer(ctx.api, connection.id);
      await second.say('hi');
      await second.say('2');
      expect((await second.received())[1]).toBe('Day here.');
    } finally {
      clock.fixed = null;
    }
  });
});

describe('business hours of a queue the ticket already has', () => {
  it('sends the queue’s out-of-hours message to a pending ticket in it, once per 30 minutes', async () => {
    const ctx = await company(t, { scheduleType: 'queue' });
    const desk = await queue(ctx.api, {
      name: 'Desk',
      // Open on Mondays 08:00–18:00 only.
      schedules: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({
        weekday: weekdayEn,
        weekdayEn,
        startTime: weekdayEn === 'monday' ? '08:00' : '00:00',
        endTime: weekdayEn === 'monday' ? '18:00' : '00:00',
      })),
      outOfHoursMessage: 'Desk opens at 8.',
    });
    const connection = await pairedSandbox(t, ctx.token, { queueIds: [desk.id] });
    const me = customer(ctx.api, connection.id);
    try {
      // Monday 10:00 in São Paulo: open, the ticket enters the only queue.
      clock.fixed = new Date('2026-11-23T13:00:00Z');
      await me.say('hi');
      expect(await me.received()).toEqual([]);
      expect(await ticketOf(t, ctx.company.id, me.number)).toMatchObject({ queueId: desk.id, chatbot: false });
      // Monday 19:00 there: closed.
      clock.fixed = new Date('2026-11-23T22:00:00Z');
      await me.say('still there?');
      clock.fixed = new Date('2026-11-23T22:20:00Z');
      await me.say('hello?');
      expect(await me.received()).toEqual(['Desk opens at 8.']);
      clock.fixed = new Date('2026-11-23T22:31:00Z');
      await me.say('anyone?');
      expect(await me.received()).toEqual(['Desk opens at 8.']);
      expect(await ticketOf(t, ctx.company.id, me.number)).toMatchObject({ queueId: desk.id, status: 'pending' });
    } finally {
      clock.fixed = null;
    }
  });
});
