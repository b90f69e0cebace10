// Which fields the user has left (their messages show from then on), with one exception: a field left by
// pressing one of the form's buttons shows its message only once the press is over. Otherwise the message
// appears above the button between pointer down and up, pushes the button from under the pointer and the
// click is lost: the user presses Submit and nothing happens. The press itself shows every message anyway.
import { useCallback, useRef, useState } from 'react';

export function useTouched() {
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const held = useRef<Set<string> | null>(null);

  const touch = useCallback((name: string) => {
    if (held.current) held.current.add(name);
    else setTouched((s) => (s.has(name) ? s : new Set(s).add(name)));
  }, []);

  /** For a button's onPointerDown: hold the touches until the pointer is released and the click has run. */
  const holdDuringPress = useCallback(() => {
    if (held.current) return;
    held.current = new Set();
    const release = () => {
      window.removeEventListener('pointerup', later);
      window.removeEventListener('pointercancel', later);
      const names = held.current;
      held.current = null;
      if (names?.size) setTouched((s) => new Set([...s, ...names]));
    };
    // After the click that follows pointerup (same task), so a submit has already marked the form.
    const later = () => setTimeout(release, 0);
    window.addEventListener('pointerup', later);
    window.addEventListener('pointercancel', later);
  }, []);

  return { touched, setTouched, touch, holdDuringPress };
}
