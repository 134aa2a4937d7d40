import { useCallback, useEffect, useRef, useState } from 'react';

/** spec: a recording under 10,000 bytes is discarded. */
export const MIN_RECORDING_BYTES = 10_000;

// Browsers differ: Firefox records ogg/opus, Chromium webm/opus. Whatever is supported first wins.
const preferredTypes = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'];

export type RecorderResult = { kind: 'recorded'; file: File } | { kind: 'tooShort' } | { kind: 'cancelled' };

function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return preferredTypes.find((type) => MediaRecorder.isTypeSupported(type));
}

/** Records a voice note with MediaRecorder; `stop` resolves with the file, or says why there is none. */
export function useAudioRecorder() {
  const [isRecording, setIsRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const isSupported = typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

  const release = useCallback(() => {
    clearInterval(timer.current);
    for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
    recorder.current = null;
    setIsRecording(false);
    setSeconds(0);
  }, []);

  useEffect(() => release, [release]);

  const start = useCallback(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const mimeType = pickMimeType();
    const next = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: 128_000 });
    chunks.current = [];
    next.ondataavailable = (event) => event.data.size > 0 && chunks.current.push(event.data);
    next.start();
    recorder.current = next;
    setIsRecording(true);
    const startedAt = Date.now();
    timer.current = setInterval(() => setSeconds(Math.floor((Date.now() - startedAt) / 1000)), 500);
  }, []);

  const finish = useCallback(
    (keep: boolean) =>
      new Promise<RecorderResult>((resolve) => {
        const current = recorder.current;
        if (!current) return resolve({ kind: 'cancelled' });
        current.onstop = () => {
          const type = (current.mimeType || 'audio/webm').split(';')[0];
          const blob = new Blob(chunks.current, { type });
          release();
          if (!keep) return resolve({ kind: 'cancelled' });
          if (blob.size < MIN_RECORDING_BYTES) return resolve({ kind: 'tooShort' });
          const extension = type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm';
          resolve({ kind: 'recorded', file: new File([blob], `audio-${Date.now()}.${extension}`, { type }) });
        };
        current.stop();
      }),
    [release],
  );

  return { isSupported, isRecording, seconds, start, stop: () => finish(true), cancel: () => finish(false) };
}
