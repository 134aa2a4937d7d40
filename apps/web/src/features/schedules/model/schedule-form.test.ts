import { describe, expect, it } from 'vitest';
import { emptyScheduleForm, formToFields } from './schedule-form.ts';

const tz = 'America/Sao_Paulo';

describe('schedule form', () => {
  it('defaults the send time to now plus one hour on the company clock', () => {
    const form = emptyScheduleForm(tz, new Date('2026-03-05T12:00:00Z'));
    expect(form.sendAt).toBe('2026-03-05T10:00');
  });

  it('requires contact, body (min 5) and time', () => {
    const result = formToFields({ ...emptyScheduleForm(tz, new Date()), body: 'Hi', sendAt: '' }, tz, new Date());
    expect(result.errors).toEqual({ contact: 'required', body: 'tooShort', sendAt: 'required' });
  });

  it('reads the time on the company clock and builds a weekly recurrence', () => {
    const result = formToFields(
      {
        contact: { id: 7, name: 'Ana' },
        body: 'Hello there',
        sendAt: '2026-03-05T09:30',
        whatsappId: '',
        frequency: 'weekly',
        weekdays: [4, 1],
        until: '2026-04-01',
        template: null,
      },
      tz,
      new Date('2026-03-05T12:00:00Z'),
    );
    expect(result.fields).toEqual({
      body: 'Hello there',
      contactId: 7,
      sendAt: '2026-03-05T12:30:00.000Z',
      whatsappId: null,
      recurrence: { frequency: 'weekly', weekdays: [1, 4], until: '2026-04-02T02:59:00.000Z' },
      templateName: null,
      templateLanguage: null,
      templateVariables: null,
    });
  });

  it('sends a chosen template instead of the text, with every value required', () => {
    const now = new Date('2026-03-05T12:00:00Z');
    const template = { name: 'follow_up', language: 'pt_BR', variables: ['{{firstName}}', ' '] };
    const form = { ...emptyScheduleForm(tz, now, { id: 7, name: 'Ana' }, 3), template };
    expect(formToFields(form, tz, now).errors).toEqual({ template: 'required' });
    const filled = { ...template, variables: ['{{firstName}}', '#1'] };
    expect(formToFields({ ...form, template: filled }, tz, now).fields).toMatchObject({
      body: '',
      templateName: 'follow_up',
      templateLanguage: 'pt_BR',
      templateVariables: ['{{firstName}}', '#1'],
    });
  });

  // issue 45: a time typed on the company's clock that has passed is refused before the server is asked.
  it('refuses a new or moved send time that has passed on the company clock, not the one a schedule kept', () => {
    const now = new Date('2026-03-05T13:00:00Z'); // 10:00 in São Paulo
    const form = { ...emptyScheduleForm(tz, now, { id: 7, name: 'Ana' }), body: 'Hello there' };
    // 10:44 in São Paulo is still ahead, though 10:44 on a UTC browser's clock would have passed.
    expect(formToFields({ ...form, sendAt: '2026-03-05T10:44' }, tz, now).errors).toBeNull();
    expect(formToFields({ ...form, sendAt: '2026-03-05T09:59' }, tz, now).errors).toEqual({ sendAt: 'inPast' });
    expect(formToFields({ ...form, sendAt: '2026-03-05T09:59' }, tz, now, '2026-03-05T09:59').errors).toBeNull();
  });
});
