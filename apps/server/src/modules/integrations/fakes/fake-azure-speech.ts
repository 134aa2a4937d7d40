import { buildOpusHead, writeOggOpus } from '../../channels/index.ts';
import { startHttpFake } from './http-fake.ts';

/** One synthesis Azure was asked for, as it read it. */
export interface SpokenRequest {
  region: string;
  key: string;
  voice: string;
  text: string;
  outputFormat: string;
  userAgent: string | undefined;
}

type Scripted = { status: number } | { hang: true } | { garbage: true };

/** The opus frame of 20 ms of silence (CELT, full band, mono): what Azure sends between words. */
const SILENT_FRAME = Uint8Array.from([0xf8, 0xff, 0xfe]);
const OGG_OPUS_FORMATS = new Set([
  'ogg-16khz-16bit-mono-opus',
  'ogg-24khz-16bit-mono-opus',
  'ogg-48khz-16bit-mono-opus',
]);
const SSML =
  /^<speak version='1\.0' xmlns='http:\/\/www\.w3\.org\/2001\/10\/synthesis' xml:lang='pt-BR'><voice name='([^'<>&]+)'>([^<>]*)<\/voice><\/speak>$/;

/** A second of silence as a real Ogg/Opus file, the size of the text (one frame a character, at least 5). */
export function spokenAudio(text: string) {
  const frames = Math.max(5, Math.min(text.length, 500));
  return writeOggOpus({
    head: buildOpusHead(1, 48_000, 312),
    packets: Array.from({ length: frames }, () => SILENT_FRAME),
    serial: 0x5eec4,
  });
}

/**
 * Azure Speech's text-to-speech REST API (`POST /{region}/cognitiveservices/v1` under the fake's
 * URL: point `AZURE_SPEECH_URL` at `{url}/{region}/cognitiveservices/v1`). Checks what Azure
 * checks: the subscription key (401), the SSML and the output format (400), and answers Ogg/Opus
 * audio. Answers can be scripted per call: an HTTP error, no answer at all, or bytes that are no audio.
 */
export async function startFakeAzureSpeech(options: { keys: string[] }) {
  const keys = new Set(options.keys);
  const script: Scripted[] = [];
  const spoken: SpokenRequest[] = [];
  const fake = await startHttpFake((request, response) => {
    const route = /^\/([a-z0-9]+)\/cognitiveservices\/v1$/.exec(request.path);
    if (request.method !== 'POST' || !route) {
      response.statusCode = 404;
      return response.end();
    }
    const key = String(request.headers['ocp-apim-subscription-key'] ?? '');
    if (!keys.has(key)) {
      response.statusCode = 401;
      return response.end();
    }
    const ssml = SSML.exec(request.text);
    const outputFormat = String(request.headers['x-microsoft-outputformat'] ?? '');
    const isSsml = request.headers['content-type'] === 'application/ssml+xml';
    if (!ssml || !isSsml || !OGG_OPUS_FORMATS.has(outputFormat) || !isEscaped(ssml[2])) {
      response.statusCode = 400;
      return response.end();
    }
    const text = unescapeXml(ssml[2]);
    spoken.push({
      region: route[1],
      key,
      voice: ssml[1],
      text,
      outputFormat,
      userAgent: request.headers['user-agent'],
    });
    const next = script.shift();
    if (next && 'hang' in next) return; // never answers: the caller's timeout fires
    if (next && 'status' in next) {
      response.statusCode = next.status;
      return response.end();
    }
    response.statusCode = 200;
    response.setHeader('content-type', 'audio/ogg');
    response.end(next ? Buffer.from('<html>not audio</html>') : spokenAudio(text));
  });
  return {
    ...fake,
    /** The value for `AZURE_SPEECH_URL`. */
    urlTemplate: `${fake.url}/{region}/cognitiveservices/v1`,
    spoken,
    /** The next answers, in order (after the key and SSML checks passed). */
    fail: (status: number) => script.push({ status }),
    hang: () => script.push({ hang: true }),
    garbage: () => script.push({ garbage: true }),
  };
}

/** Every `&` in the text starts one of XML's five entities (a bare one is malformed SSML). */
const isEscaped = (text: string) => /^(?:[^&]|&(?:amp|lt|gt|quot|apos);)*$/.test(text);

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_match, name) => entities[name]);
