import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAzureSpeech } from '../fakes/fake-azure-speech.ts';
import { SPEECH_OUTPUT_FORMAT, SpeechError, type SpeechVoice, ssmlOf, synthesizeSpeech } from './azure-speech.ts';

let azure: Awaited<ReturnType<typeof startFakeAzureSpeech>>;
beforeAll(async () => {
  azure = await startFakeAzureSpeech({ keys: ['azure-key-1'] });
});
afterAll(() => azure.close());

const FRANCISCA: SpeechVoice = { name: 'pt-BR-FranciscaNeural', key: 'azure-key-1', region: 'brazilsouth' };
const speak = (text: string, voice: Partial<SpeechVoice> = {}, options: { allowPrivateUrls?: boolean } = {}) =>
  synthesizeSpeech(
    text,
    { ...FRANCISCA, ...voice },
    { urlTemplate: azure.urlTemplate, allowPrivateUrls: options.allowPrivateUrls ?? true, timeoutMs: 1500 },
  );

/** The reason of the SpeechError `attempt` throws. */
async function reasonOf(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SpeechError);
  return (error as SpeechError).reason;
}

describe('Azure Speech text to speech', () => {
  it('speaks the text in the voice, with the key, region and Ogg/Opus output, and answers the audio', async () => {
    const audio = await speak(`Pão & bolo <hoje> "às 9" d'água`, { region: ' BrazilSouth ' });
    expect(audio.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(azure.spoken.at(-1)).toEqual({
      region: 'brazilsouth',
      key: 'azure-key-1',
      voice: 'pt-BR-FranciscaNeural',
      text: `Pão & bolo <hoje> "às 9" d'água`,
      outputFormat: SPEECH_OUTPUT_FORMAT,
      userAgent: 'wacrm',
    });
    expect(ssmlOf('a < b & c', 'pt-BR-AntonioNeural')).toBe(
      `<speak version='1.0' xmlns='http://www.w3.org/2001/10/synthesis' xml:lang='pt-BR'>` +
        `<voice name='pt-BR-AntonioNeural'>a &lt; b &amp; c</voice></speak>`,
    );
  });

  it.each([
    ['a wrong key', () => undefined, { key: 'stolen' }, 'HTTP 401'],
    ['throttling', () => azure.fail(429), {}, 'HTTP 429'],
    ['a server error', () => azure.fail(503), {}, 'HTTP 503'],
    ['no answer', () => azure.hang(), {}, 'timeout'],
    ['an answer that is no audio', () => azure.garbage(), {}, 'the answer was not Ogg/Opus audio'],
  ])('fails on %s with a reason for the note', async (_name, script, voice, reason) => {
    script();
    expect(await reasonOf(speak('Olá', voice))).toBe(reason);
  });

  it.each([
    ['no key', { key: null }, 'no voice key'],
    ['no region', { region: null }, 'no valid voice region'],
    ['a region that is no region name', { region: 'evil.example.com/x' }, 'no valid voice region'],
    ['the text-only voice', { name: 'texto' }, 'unknown voice'],
    ['a voice outside the list', { name: 'en-US-JennyNeural' }, 'unknown voice'],
  ])('asks nothing with %s', async (_name, voice, reason) => {
    const requests = azure.requests.length;
    expect(await reasonOf(speak('Olá', voice))).toBe(reason);
    expect(azure.requests.length).toBe(requests);
  });

  it('refuses a loopback or private speech URL unless private URLs are allowed', async () => {
    const requests = azure.requests.length;
    expect(await reasonOf(speak('Olá', {}, { allowPrivateUrls: false }))).toBe('speech URL not allowed');
    expect(azure.requests.length).toBe(requests);
  });
});
