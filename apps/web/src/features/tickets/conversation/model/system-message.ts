/**
 * The label the server writes at the start of its transfer notices ("*Mensagem automática*:\n…",
 * in the company's language). The customer needs it; in the thread the bubble already carries the
 * "automatic message" badge, so the text drops it to avoid saying it twice.
 */
const AUTOMATIC_LABEL = /^\*(mensagem automática|automatic message|mensaje automático)\*:[ \t]*\n?/i;

export function withoutAutomaticLabel(body: string, isSystem: boolean): string {
  return isSystem ? body.replace(AUTOMATIC_LABEL, '') : body;
}
