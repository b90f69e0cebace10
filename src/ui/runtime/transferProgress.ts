// The percentage of the request body sent so far by the multipart call in flight (null: none), for the form that
// sent it to show a progress bar: a 200 MB batch zip takes a while on an ordinary line.
import { useSyncExternalStore } from 'react';

let percent: number | null = null;
const listeners = new Set<() => void>();

export function setTransferProgress(value: number | null): void {
  if (value === percent) return;
  percent = value;
  listeners.forEach((l) => l());
}

export function useTransferProgress(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => percent,
  );
}
