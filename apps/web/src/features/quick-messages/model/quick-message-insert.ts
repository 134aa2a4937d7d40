import { renderVariables, type VariableContext } from '@wacrm/shared/messages/message-variables';
import type { QuickMessageRecord } from '@wacrm/shared/quick-messages/quick-message.schema';

type ComposerQuickMessage = Pick<QuickMessageRecord, 'message'> &
  Partial<Pick<QuickMessageRecord, 'mediaUrl' | 'mediaName'>>;

/** Reads a stored attachment into a File the composer can send like one the user picked. */
async function fetchAttachment(url: string, name: string): Promise<File> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`attachment answered ${response.status}`);
  const blob = await response.blob();
  return new File([blob], name, { type: blob.type || 'application/octet-stream' });
}

/**
 * What choosing a quick message puts in the composer (issue 6): its text with the variables
 * filled for this ticket in the company's language and on its clock (the code the server's
 * automatic messages use), and its attachment as a file (the text then becomes its caption).
 * An attachment that cannot be read leaves the text alone, so the reply is not lost.
 */
export async function quickMessageToComposerInput(
  quickMessage: ComposerQuickMessage,
  context: VariableContext,
  readFile: (url: string, name: string) => Promise<File> = fetchAttachment,
): Promise<{ text: string; file: File | null }> {
  const text = renderVariables(quickMessage.message, context);
  if (!quickMessage.mediaUrl) return { text, file: null };
  try {
    return { text, file: await readFile(quickMessage.mediaUrl, quickMessage.mediaName || 'file') };
  } catch {
    return { text, file: null };
  }
}
