// A route rendered straight from its screen definition by the shared renderers: forms by FormScreen (edit mode
// from the query, as the definition's editWhen says), lists by ListScreen (the route's query is the list's
// starting filters: /musicBoxDetail?toneBoxID=5, without an open dialog's ?dialog=&row=), pages of tabs by TabsScreen. A form's dialog route (its
// definition's dialogRoute) shows the page of `over` with the same form in a dialog above it. Each renderer is a
// chunk of its own (renderers.ts).
import { Suspense } from 'react';
import { useNavigate, useSearchParams } from '../../router';
import { listFiltersOf } from '../../runtime/dialogRoute';
import { routeFor, type RouteEntry, type ScreenProps } from '../routeTable';
import { DefinitionDialog, FormScreen, ListScreen, TabsScreen } from './renderers';

export default function DefinitionPage({ entry }: ScreenProps) {
  const [query] = useSearchParams();
  if (!entry.screenId) return null;
  if (entry.dialog) return <DialogRoute entry={entry} />;
  if (entry.kind === 'list') return <ListScreen screenId={entry.screenId} initialFilters={listFiltersOf(query)} />;
  if (entry.kind === 'tabs') return <TabsScreen screenId={entry.screenId} />;
  return <FormScreen screenId={entry.screenId} query={query} />;
}

/**
 * The form in a dialog over the page it belongs to (musicBoxUploadNew over the box list). Closing it, or a
 * submit that succeeded (the dialog toasts the definition's message), goes to that page, which reloads and shows
 * the change; the dialog's own buttons (Tones, Tariff details) open their dialogs above it.
 */
function DialogRoute({ entry }: { entry: RouteEntry }) {
  const navigate = useNavigate();
  const under = routeFor(entry.dialog!.over);
  return (
    <>
      {under?.screenId && under.kind === 'list' ? (
        <ListScreen screenId={under.screenId} />
      ) : under?.screenId ? (
        <FormScreen screenId={under.screenId} />
      ) : null}
      <Suspense fallback={null}>
        <DefinitionDialog
          screenId={entry.screenId!}
          title={entry.title}
          mode="add"
          size={entry.dialog!.size ?? 'large'}
          onClose={() => navigate(entry.dialog!.over)}
        />
      </Suspense>
    </>
  );
}
