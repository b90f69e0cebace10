// TanStack Query for the renderers. The shell may provide its own client; when it does not (a dialog mounted
// on its own, a test page), the renderers fall back to one shared client so caching still works.
import { QueryClient, QueryClientContext, QueryClientProvider, type Query } from '@tanstack/react-query';
import { useContext, type ComponentType, type ReactNode } from 'react';

export const fallbackQueryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function WithQueryClient({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  return existing ? (
    <>{children}</>
  ) : (
    <QueryClientProvider client={fallbackQueryClient}>{children}</QueryClientProvider>
  );
}

/** A renderer that works with or without the shell's client (WithQueryClient around it). */
export function withQueryClient<P extends object>(Inner: ComponentType<P>) {
  return function WithClient(props: P) {
    return (
      <WithQueryClient>
        <Inner {...props} />
      </WithQueryClient>
    );
  };
}

/** Queries whose answers a write or a change of language can change: lists, option lists, loaded records, languages. */
const READS_DATA = new Set(['list', 'options', 'form-load', 'languages']);
const readsData = (q: Query) => READS_DATA.has(String(q.queryKey[0]));

/**
 * After any successful write (a form submit, a row or selection action) or a change of language: what is on
 * screen reloads at once and everything else cached is dropped, so no screen shows what the server had before
 * (an edited tone still 'Normal' with Hide and Edit until a reload; category names in the other language). A
 * loaded record on screen (the form just submitted) is left alone: reloading it would reset the form under the user.
 */
export async function reloadServerData(client: QueryClient): Promise<void> {
  client.removeQueries({ type: 'inactive', predicate: readsData });
  await client.invalidateQueries({ type: 'active', predicate: (q) => readsData(q) && q.queryKey[0] !== 'form-load' });
}
