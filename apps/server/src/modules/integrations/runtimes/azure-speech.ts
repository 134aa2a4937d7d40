import { PROMPT_VOICES } from '@wacrm/shared';
import { assertOutboundUrlAllowed } from '../../../platform/http/outbound-url.ts';
import { toVoiceNoteAudio } from '../../channels/index.ts';

/** A prompt's (or flow OpenAI node's) voice: an Azure pt-BR neural voice, its key and region. */
export interface SpeechVoice {
  name: string;
  key: string | null;
  region: string | null;
}

export interface SpeechOptions {
  /** `AZURE_SPEECH_URL`: `{region}` is replaced by the voice's region. */
  urlTemplate: string;
  allowPrivateUrls: boolean;
  timeoutMs: number;
}

/** Ogg/Opus at 48 kHz: what WhatsApp plays as a voice note, so the audio goes out as it comes. */
export const SPEECH_OUTPUT_FORMAT = 'ogg-48khz-16bit-mono-opus';
/** A spoken reply larger than this is no chat answer (WhatsApp's audio limit is 16 MB). */
const MAX_AUDIO_BYTES = 16 * 1024 * 1024;
/** Azure regions are lower-case names such as `brazilsouth` or `eastus2`; the region is part of a host name. */
const REGION = /^[a-z0-9]{1,50}$/;

/** Why a reply could not be spoken: short and secret-free, it goes into a ticket note. */
export class SpeechError extends Error {
  constructor(readonly reason: string) {
    super(`speech synthesis failed: ${reason}`);
    this.name = 'SpeechError';
  }
}

const xmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => xmlEntities[char]);

/** The SSML document Azure reads: the text in the voice, in Brazilian Portuguese. */
export function ssmlOf(text: string, voiceName: string) {
  return (
    `<speak version='1.0' xmlns='http://www.w3.org/2001/10/synthesis' xml:lang='pt-BR'>` +
    `<voice name='${escapeXml(voiceName)}'>${escapeXml(text)}</voice></speak>`
  );
}

/** Whether `voice` is a voice to speak with (anything but `texto`, the spec's "text only"). */
export const isSpokenVoice = (voice: string | null | undefined) => !!voice && voice !== 'texto';

/**
 * `text` spoken by Azure Speech's text-to-speech REST API as a voice note (Ogg/Opus bytes). Throws a
 * SpeechError naming why not: no key or region, a refused URL, an HTTP status, a timeout, or an
 * answer that is no Ogg/Opus audio.
 */
export async function synthesizeSpeech(text: string, voice: SpeechVoice, options: SpeechOptions): Promise<Buffer> {
  if (!(PROMPT_VOICES as readonly string[]).includes(voice.name) || voice.name === 'texto') {
    throw new SpeechError('unknown voice');
  }
  if (!voice.key) throw new SpeechError('no voice key');
  const region = voice.region?.trim().toLowerCase() ?? '';
  if (!REGION.test(region)) throw new SpeechError('no valid voice region');

  let url: URL;
  try {
    url = await assertOutboundUrlAllowed(options.urlTemplate.replaceAll('{region}', region), {
      allowPrivate: options.allowPrivateUrls,
    });
  } catch {
    throw new SpeechError('speech URL not allowed');
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'Ocp-Apim-Subscription-Key': voice.key,
        'Content-Type': 'application/ssml+xml',
        'X-Microsoft-OutputFormat': SPEECH_OUTPUT_FORMAT,
        'User-Agent': 'wacrm',
      },
      body: ssmlOf(text, voice.name),
      // A redirect could lead anywhere (the URL check above would not see it).
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new SpeechError(isTimeout(error) ? 'timeout' : 'unreachable');
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    throw new SpeechError(`HTTP ${response.status}`);
  }
  const audio = await readAudio(response);
  const voiceNote = toVoiceNoteAudio(audio);
  if (!voiceNote) throw new SpeechError('the answer was not Ogg/Opus audio');
  return voiceNote;
}

async function readAudio(response: Response) {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_AUDIO_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new SpeechError('audio too large');
  }
  try {
    const audio = Buffer.from(await response.arrayBuffer());
    if (audio.length > MAX_AUDIO_BYTES) throw new SpeechError('audio too large');
    return audio;
  } catch (error) {
    if (error instanceof SpeechError) throw error;
    throw new SpeechError(isTimeout(error) ? 'timeout' : 'unreachable');
  }
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
