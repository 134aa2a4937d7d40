import { describe, expect, it } from 'vitest';
import { companyLocaleOf, protocolOf, renderVariables } from './message-variables.ts';

const context = {
  contactName: 'Maria  da Silva ',
  ticketId: 42,
  ticketCreatedAt: new Date('2026-11-23T02:30:00Z'),
  now: new Date('2026-11-23T13:05:00Z'),
  timeZone: 'America/Sao_Paulo',
  language: 'pt' as const,
};

describe('message variables', () => {
  it('fills every variable on the company clock', () => {
    expect(
      renderVariables('{{ms}}, {{firstName}}! {{name}} · protocolo {{protocol}} · {{date}} {{hour}}', context),
    ).toBe('Bom dia, Maria! Maria  da Silva · protocolo 20261122-42 · 23/11/2026 10:05');
  });

  it('greets by the hour in the chosen language', () => {
    const at = (iso: string, language: 'pt' | 'en' | 'es') =>
      renderVariables('{{ms}}', { ...context, now: new Date(iso), language });
    expect(at('2026-11-23T06:00:00Z', 'pt')).toBe('Boa madrugada');
    expect(at('2026-11-23T17:00:00Z', 'en')).toBe('Good afternoon');
    expect(at('2026-11-23T23:00:00Z', 'es')).toBe('Buenas noches');
  });

  it('leaves unknown braces and plain text alone', () => {
    expect(renderVariables('{{unknown}} {name} {{ name }}', context)).toBe('{{unknown}} {name} Maria  da Silva');
    expect(renderVariables('no variables', context)).toBe('no variables');
  });

  it('numbers the protocol by the day the ticket opened, in the company zone', () => {
    expect(protocolOf(7, new Date('2026-11-23T02:30:00Z'), 'UTC')).toBe('20261123-7');
    expect(protocolOf(7, new Date('2026-11-23T02:30:00Z'), 'America/Sao_Paulo')).toBe('20261122-7');
  });

  it('pads the date and the hour on the company clock whatever the machine zone', () => {
    const at = new Date('2026-12-31T03:05:00Z');
    expect(renderVariables('{{date}} {{hour}}', { ...context, now: at })).toBe('31/12/2026 00:05');
    expect(renderVariables('{{date}} {{hour}}', { ...context, now: at, timeZone: 'Europe/Lisbon' })).toBe(
      '31/12/2026 03:05',
    );
  });

  // issue 13 defect 1: 03:40 in Sao Paulo is "Boa madrugada" for a Portuguese company, whoever types.
  it('speaks the company language on the company clock', () => {
    const locale = companyLocaleOf([]);
    expect(locale).toEqual({ timeZone: 'America/Sao_Paulo', language: 'pt' });
    const now = new Date('2026-11-24T06:40:00Z');
    expect(renderVariables('{{ms}}, {{firstName}}!', { ...context, ...locale, now, contactName: 'Ana' })).toBe(
      'Boa madrugada, Ana!',
    );
    const spanish = companyLocaleOf([
      { key: 'messagesLanguage', value: 'es' },
      { key: 'timezone', value: 'Europe/Madrid' },
    ]);
    expect(renderVariables('{{ms}} {{hour}}', { ...context, ...spanish, now })).toBe('Buenos días 07:40');
  });
});
