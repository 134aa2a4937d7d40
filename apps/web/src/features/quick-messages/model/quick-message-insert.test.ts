import { describe, expect, it } from 'vitest';
import { quickMessageToComposerInput } from './quick-message-insert.ts';

// 14:30 in Sao Paulo, whatever the zone of the machine running the test.
const now = new Date('2026-03-05T17:30:00Z');
const ticket = { ticketId: 7, ticketCreatedAt: new Date('2026-03-05T12:00:00Z'), now };
const company = { timeZone: 'America/Sao_Paulo', language: 'pt' as const };

describe('quickMessageToComposerInput', () => {
  it('fills the variables for the ticket', async () => {
    const input = await quickMessageToComposerInput(
      { message: '{{ms}}, {{firstName}}! Protocolo {{protocol}}' },
      { contactName: 'Ana Lima', ...ticket, ...company },
    );
    expect(input).toEqual({ text: 'Boa tarde, Ana! Protocolo 20260305-7', file: null });
  });

  // issue 13 defect 1: the company's language and clock, not the agent's interface or browser.
  it('greets in the company language on the company clock', async () => {
    const early = { ...ticket, now: new Date('2026-11-24T06:40:00Z') };
    const input = await quickMessageToComposerInput(
      { message: '{{ms}}, {{firstName}}! {{date}} {{hour}}' },
      { contactName: 'Ana', ...early, ...company },
    );
    expect(input.text).toBe('Boa madrugada, Ana! 24/11/2026 03:40');
  });

  it('attaches the file under its name', async () => {
    const input = await quickMessageToComposerInput(
      { message: 'See {{name}}', mediaUrl: '/public/company-1/x.pdf', mediaName: 'price_list.pdf' },
      { contactName: 'Ana', ...ticket, ...company },
      async (url, name) => new File([url], name, { type: 'application/pdf' }),
    );
    expect(input.text).toBe('See Ana');
    expect(input.file?.name).toBe('price_list.pdf');
  });

  it('keeps the text when the file cannot be read', async () => {
    const input = await quickMessageToComposerInput(
      { message: 'Hi', mediaUrl: '/public/gone.pdf' },
      { contactName: '', ...ticket, ...company },
      () => Promise.reject(new Error('404')),
    );
    expect(input).toEqual({ text: 'Hi', file: null });
  });
});
