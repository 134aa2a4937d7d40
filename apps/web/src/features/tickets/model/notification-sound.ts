import { storageKeys } from '../../../lib/session-storage.ts';

let context: AudioContext | null = null;

/** spec: the notification volume is kept locally, 0 to 1, default 1. */
export function readStoredVolume(): number {
  const saved = Number.parseFloat(localStorage.getItem(storageKeys.volume) ?? '');
  return Number.isFinite(saved) ? Math.min(1, Math.max(0, saved)) : 1;
}

/**
 * Browsers start audio only after a user gesture: the first one creates (or resumes) the
 * context, and later chimes reuse it.
 */
export function unlockNotificationSound(): void {
  if (typeof window === 'undefined' || !('AudioContext' in window)) return;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
}

/** A short two-note chime made with the Web Audio API (no sound file to download). */
export function playNotificationSound(volume = readStoredVolume()): void {
  if (volume <= 0 || !context || context.state !== 'running') return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.12, 1320],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    // A quick attack and a soft decay, so the chime does not click.
    gain.gain.setValueAtTime(0, start + offset);
    gain.gain.linearRampToValueAtTime(0.25 * volume, start + offset + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.3);
  }
}
