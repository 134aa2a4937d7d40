import { describe, expect, it } from 'vitest';
import { quickMessageToComposerInput } from './quick-message-insert.ts';

const now = new Date(2026, 2, 5, 14, 30, 0);

describe('quickMessageToComposerInput', () => {
  it('fills the variables for the ticket', async () => {
    const input = await quickMessageToComposerInput(
      { message: '{{ms}}, {{firstName}}! Protocolo {{protocol}}' },
      { contactName: 'Ana Lima', ticketId: 7, now },
    );
    expect(input).toEqual({ text: 'Boa tarde, Ana! Protocolo 202603051430007', file: null });
  });

  it('attaches the file under its name', async () => {
    const input = await quickMessageToComposerInput(
      { message: 'See {{name}}', mediaUrl: '/public/company-1/x.pdf', mediaName: 'price_list.pdf' },
      { contactName: 'Ana', now },
      async (url, name) => new File([url], name, { type: 'application/pdf' }),
    );
    expect(input.text).toBe('See Ana');
    expect(input.file?.name).toBe('price_list.pdf');
  });

  it('keeps the text when the file cannot be read', async () => {
    const input = await quickMessageToComposerInput({ message: 'Hi', mediaUrl: '/public/gone.pdf' }, { now }, () =>
      Promise.reject(new Error('404')),
    );
    expect(input).toEqual({ text: 'Hi', file: null });
  });
});
