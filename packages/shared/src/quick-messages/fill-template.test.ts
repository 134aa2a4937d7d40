import { describe, expect, it } from 'vitest';
import { fillTemplate, greetingFor } from './fill-template.ts';
import { toQuickMessageMediaName } from './quick-message.schema.ts';

// Local time, as the composer fills it: 5 March 2026, 09:07:03.
const morning = new Date(2026, 2, 5, 9, 7, 3);

describe('fillTemplate', () => {
  it('fills every variable', () => {
    const text = 'Olá {{firstName}} ({{name}}), {{ms}}! Protocolo {{protocol}} em {{date}} às {{hour}}.';
    expect(fillTemplate(text, { contactName: 'Maria da Silva', ticketId: 42, now: morning })).toBe(
      'Olá Maria (Maria da Silva), Bom dia! Protocolo 2026030509070342 em 05/03/2026 às 09:07.',
    );
  });

  it('allows spaces inside the braces, repeats and leaves unknown variables as written', () => {
    expect(fillTemplate('{{ name }} {{name}} {{unknown}} {name}', { contactName: 'Ana', now: morning })).toBe(
      'Ana Ana {{unknown}} {name}',
    );
  });

  it('fills blanks without a contact and a protocol without a ticket', () => {
    expect(fillTemplate('[{{firstName}}][{{name}}] {{protocol}}', { now: morning })).toBe('[][] 20260305090703');
  });

  it('trims the name before taking its first word', () => {
    expect(fillTemplate('{{firstName}}', { contactName: '  João   Souza ' })).toBe('João');
  });

  it('leaves a text without variables untouched', () => {
    expect(fillTemplate('Sem variáveis: $1 $& {{}}', { now: morning })).toBe('Sem variáveis: $1 $& {{}}');
  });

  it('greets by the hour in the language asked', () => {
    const at = (hour: number) => new Date(2026, 0, 1, hour, 0, 0);
    expect(fillTemplate('{{ms}}', { now: at(4) })).toBe('Boa noite');
    expect(fillTemplate('{{ms}}', { now: at(5) })).toBe('Bom dia');
    expect(fillTemplate('{{ms}}', { now: at(11) })).toBe('Bom dia');
    expect(fillTemplate('{{ms}}', { now: at(12) })).toBe('Boa tarde');
    expect(fillTemplate('{{ms}}', { now: at(17) })).toBe('Boa tarde');
    expect(fillTemplate('{{ms}}', { now: at(18) })).toBe('Boa noite');
    expect(fillTemplate('{{ms}}', { now: at(23), language: 'en' })).toBe('Good evening');
    expect(fillTemplate('{{ms}}', { now: at(9), language: 'es' })).toBe('Buenos días');
    expect(fillTemplate('{{ms}}', { now: at(13), language: 'pt-BR' })).toBe('Boa tarde');
    expect(greetingFor(13, 'fr')).toBe('Boa tarde');
  });

  it('pads the date and the hour', () => {
    expect(fillTemplate('{{date}} {{hour}}', { now: new Date(2026, 11, 31, 0, 5) })).toBe('31/12/2026 00:05');
  });
});

describe('toQuickMessageMediaName', () => {
  it('turns spaces into underscores and drops folders and control characters', () => {
    expect(toQuickMessageMediaName('my price list 2026.pdf')).toBe('my_price_list_2026.pdf');
    expect(toQuickMessageMediaName('C:\\docs\\a  b\tc.png')).toBe('a_b_c.png');
    expect(toQuickMessageMediaName('../../etc/pass wd')).toBe('pass_wd');
    expect(toQuickMessageMediaName('   ')).toBe('file');
  });
});
