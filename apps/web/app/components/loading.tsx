import { useSyncExternalStore } from "react";

/**
 * The global loading status (`loading_status`): while it is on, the shell shows a
 * full-screen dim overlay with a spinner. Starts are counted, so nested `start()`/`stop()`
 * pairs from different places keep the overlay up until the last one stops.
 */
let count = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const isActive = () => count > 0;

export const loading = {
  start() {
    count += 1;
    emit();
  },
  stop() {
    if (count === 0) return;
    count -= 1;
    emit();
  },
};

/** `{ start, stop, active }` of the shared loading status; `active` is false on the server. */
export function useLoading() {
  const active = useSyncExternalStore(subscribe, isActive, () => false);
  return { start: loading.start, stop: loading.stop, active };
}
