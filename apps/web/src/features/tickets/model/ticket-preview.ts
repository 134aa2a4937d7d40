import { parseWhatsappFormat, toPlainText } from '../conversation/model/whatsapp-format.ts';

/**
 * The last message on one line, as the customer reads it: WhatsApp's markers (*bold*, _italic_,
 * ~strike~, ```mono```) are dropped, so a signed reply reads "Admin: Boa noite…", not "*Admin:* …".
 * The server keeps a file name or `[type]` for media, which passes through untouched.
 */
export function ticketPreviewOf(lastMessage: string): string {
  return toPlainText(parseWhatsappFormat(lastMessage)).replace(/\s+/g, ' ').trim();
}
