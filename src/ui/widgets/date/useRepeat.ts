// Long press on a spin button (000 §2): one step at once, then after 600 ms a step every 150 ms, the interval
// shrinking to 30 ms while the button is held. Released, left, or the window losing focus, it stops.
import { useCallback, useEffect, useRef } from 'react';

export const REPEAT_DELAY_MS = 600;
export const REPEAT_START_MS = 150;
export const REPEAT_MIN_MS = 30;
/** Each repeat is this fraction of the previous interval. */
const ACCELERATION = 0.85;

export function useRepeat(step: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stepRef = useRef(step);
  stepRef.current = step;

  const stopRepeat = useCallback(() => clearTimeout(timer.current), []);

  const startRepeat = useCallback(() => {
    stopRepeat();
    stepRef.current();
    // The first repeat comes REPEAT_START_MS after the delay's step; each later one a little sooner.
    let interval = REPEAT_START_MS;
    const tick = () => {
      stepRef.current();
      timer.current = setTimeout(tick, interval);
      interval = Math.max(REPEAT_MIN_MS, Math.round(interval * ACCELERATION));
    };
    timer.current = setTimeout(tick, REPEAT_DELAY_MS);
  }, [stopRepeat]);

  useEffect(() => {
    window.addEventListener('blur', stopRepeat);
    return () => {
      stopRepeat();
      window.removeEventListener('blur', stopRepeat);
    };
  }, [stopRepeat]);

  /** Props for a button: pointer press repeats; keyboard activation (Enter/Space click) steps once. */
  return {
    onPointerDown: (e: React.PointerEvent) => {
      if (e.button === 0) {
        e.preventDefault();
        startRepeat();
      }
    },
    onPointerUp: stopRepeat,
    onPointerLeave: stopRepeat,
    onPointerCancel: stopRepeat,
    onClick: (e: React.MouseEvent) => {
      if (e.detail === 0) stepRef.current();
    },
  };
}
