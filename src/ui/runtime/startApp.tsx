// How both applications (the portal, the operator console) start: React renders once the first page's chunks are
// in (index.html's mark shows meanwhile), since a chunk that suspends instead holds the page back 300 ms more
// (preloadable.tsx). A slow network gets the app's own loading state after a second.
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

export function startApp(app: ReactNode, firstPage: Promise<unknown>): void {
  void Promise.race([firstPage, new Promise((wait) => setTimeout(wait, 1000))])
    .catch(() => undefined)
    .finally(() => {
      const root = createRoot(document.getElementById('root')!);
      // A transition: React renders the first page in slices, yielding to the browser between them, rather than
      // in one long task that holds off input (Lighthouse's Total Blocking Time).
      startTransition(() => root.render(<StrictMode>{app}</StrictMode>));
    });
}
