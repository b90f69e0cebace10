// A lazily loaded component that can be loaded ahead of its render. React 19 holds back every reveal of a
// Suspense boundary until 300 ms after the last fallback it showed, so each chunk that suspends on the way to a
// screen (the routed page, its renderer, the validator) cost a page up to 300 ms of an idle main thread: a form
// page took 500-600 ms from the memory cache. Loading all of them at once, before the render that needs them
// (main.tsx for the first page, RoutedPage for each route), lets the screen render without suspending at all.
import { lazy, useState, type ComponentType } from 'react';

export interface Preloadable<P> {
  (props: P): React.JSX.Element;
  /** Loads the chunk (once); the component then renders without suspending. */
  preload(): Promise<void>;
}

/** `alongside`: what the component suspends on when it renders (a form's validator), loaded with it. */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  ...alongside: Array<() => Promise<unknown>>
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), ...alongside.map((f) => f())]).then(([component]) => void (loaded = component)));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function Component(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount it, losing
    // what the person typed.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  Component.preload = preload;
  return Component;
}

/**
 * A promise `use()` reads without suspending once it has settled: React reads a thenable's `status` and `value`
 * (the fields it writes on the promises it tracks), so a promise loaded ahead of the render is used at once.
 */
export function usable<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  tracked.status ??= 'pending';
  promise.then(
    (value) => Object.assign(tracked, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(tracked, { status: 'rejected', reason }),
  );
  return promise;
}
