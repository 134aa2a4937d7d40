import { describe, expect, it } from 'vitest';
import { parseWhatsappFormat, toPlainText } from './whatsapp-format.ts';

describe('parseWhatsappFormat', () => {
  it('keeps plain text as one text node', () => {
    expect(parseWhatsappFormat('hello there')).toEqual([{ type: 'text', text: 'hello there' }]);
  });

  it('reads bold, italic and strike', () => {
    expect(parseWhatsappFormat('a *b* _c_ ~d~')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'bold', children: [{ type: 'text', text: 'b' }] },
      { type: 'text', text: ' ' },
      { type: 'italic', children: [{ type: 'text', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'strike', children: [{ type: 'text', text: 'd' }] },
    ]);
  });

  it('nests styles', () => {
    expect(parseWhatsappFormat('*bold _and italic_*')).toEqual([
      {
        type: 'bold',
        children: [
          { type: 'text', text: 'bold ' },
          { type: 'italic', children: [{ type: 'text', text: 'and italic' }] },
        ],
      },
    ]);
  });

  it('keeps monospace content literal', () => {
    expect(parseWhatsappFormat('run ```*not bold*``` now')).toEqual([
      { type: 'text', text: 'run ' },
      { type: 'mono', text: '*not bold*' },
      { type: 'text', text: ' now' },
    ]);
  });

  it('ignores markers inside words, next to spaces, unclosed or across lines', () => {
    for (const text of ['2*3*4', 'snake_case_name', '* not bold *', '*open only', '*line\nbreak*', '**']) {
      expect(toPlainText(parseWhatsappFormat(text))).toBe(text);
      expect(parseWhatsappFormat(text)).toEqual([{ type: 'text', text }]);
    }
  });

  it('reads the agent signature the server prefixes', () => {
    const [first] = parseWhatsappFormat('*Ana Souza:*\nHello');
    expect(first).toEqual({ type: 'bold', children: [{ type: 'text', text: 'Ana Souza:' }] });
  });

  it('turns http and https addresses into links without trailing punctuation', () => {
    expect(parseWhatsappFormat('see https://example.com/a?b=1.')).toEqual([
      { type: 'text', text: 'see ' },
      { type: 'link', href: 'https://example.com/a?b=1', text: 'https://example.com/a?b=1' },
      { type: 'text', text: '.' },
    ]);
    expect(parseWhatsappFormat('javascript:alert(1)')).toEqual([{ type: 'text', text: 'javascript:alert(1)' }]);
  });

  it('never produces markup from angle brackets', () => {
    expect(parseWhatsappFormat('<img src=x onerror=alert(1)>')).toEqual([
      { type: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });
});
