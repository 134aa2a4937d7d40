import { useSyncExternalStore } from 'react';

/** How often the chips' shared clock ticks: the chips show minutes, so a few ticks a minute suffice. */
const TICK_MS = 15_000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  // One timer for every chip on screen, running only while one is shown: no per-row timers, no refetch.
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time, shared by every subscriber and updated every `TICK_MS`. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
