/**
 * WhatsApp's text formatting (*bold*, _italic_, ~strike~, ```monospace```) and plain http(s)
 * links, parsed into a small tree that the thread renders as React elements. The text itself is
 * never treated as HTML.
 */
export type FormattedNode =
  | { type: 'text'; text: string }
  | { type: 'bold' | 'italic' | 'strike'; children: FormattedNode[] }
  | { type: 'mono'; text: string }
  | { type: 'link'; href: string; text: string };

const styleOf: Record<string, 'bold' | 'italic' | 'strike'> = { '*': 'bold', _: 'italic', '~': 'strike' };
const wordChar = /[\p{L}\p{N}]/u;
const whitespace = /\s/;
const urlAt = /^https?:\/\/[^\s<>"]+/i;

const isWord = (char: string | undefined) => char !== undefined && wordChar.test(char);
const isSpace = (char: string | undefined) => char === undefined || whitespace.test(char);

/** The index of the marker closing the one at `start`, or -1. Markers never span lines, as on the phone. */
function findClosing(text: string, start: number, marker: string): number {
  for (let j = start + 2; j < text.length; j++) {
    const char = text[j];
    if (char === '\n') return -1;
    if (char === marker && !isSpace(text[j - 1]) && !isWord(text[j + 1])) return j;
  }
  return -1;
}

function pushText(nodes: FormattedNode[], text: string) {
  if (!text) return;
  const last = nodes[nodes.length - 1];
  if (last?.type === 'text') last.text += text;
  else nodes.push({ type: 'text', text });
}

/** Parses one message body. Pure: the same text always gives the same tree. */
export function parseWhatsappFormat(text: string): FormattedNode[] {
  const nodes: FormattedNode[] = [];
  let plain = '';
  let i = 0;
  const flush = () => {
    pushText(nodes, plain);
    plain = '';
  };
  while (i < text.length) {
    const char = text[i];
    if (text.startsWith('```', i)) {
      const end = text.indexOf('```', i + 3);
      if (end > i + 3) {
        flush();
        nodes.push({ type: 'mono', text: text.slice(i + 3, end) });
        i = end + 3;
        continue;
      }
    }
    const style = styleOf[char];
    if (style && !isWord(text[i - 1]) && !isSpace(text[i + 1]) && text[i + 1] !== char) {
      const end = findClosing(text, i, char);
      if (end > 0) {
        flush();
        nodes.push({ type: style, children: parseWhatsappFormat(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if ((char === 'h' || char === 'H') && !isWord(text[i - 1])) {
      const match = urlAt.exec(text.slice(i));
      if (match) {
        // A sentence's full stop or closing bracket is not part of the address.
        const href = match[0].replace(/[.,;:!?)\]]+$/, '');
        flush();
        nodes.push({ type: 'link', href, text: href });
        i += href.length;
        continue;
      }
    }
    plain += char;
    i++;
  }
  flush();
  return nodes;
}

/** The text without formatting marks, for previews (quoted messages, tooltips). */
export function toPlainText(nodes: FormattedNode[]): string {
  return nodes.map((node) => ('children' in node ? toPlainText(node.children) : node.text)).join('');
}
