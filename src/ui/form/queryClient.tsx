// TanStack Query for the renderers. The shell may provide its own client; when it does not (a dialog mounted
// on its own, a test page), the renderers fall back to one shared client so caching still works.
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';

export const fallbackQueryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function WithQueryClient({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  return existing ? <>{children}</> : <QueryClientProvider client={fallbackQueryClient}>{children}</QueryClientProvider>;
}
