// A route rendered straight from its screen definition by the shared renderers: forms by FormScreen (edit mode
// from the query, as the definition's editWhen says), lists by ListScreen, pages of tabs by TabsScreen. Each is a
// chunk of its own, so a list page does not load the form renderer (rjsf) and a form page does not load the table.
import { lazy } from 'react';
import { useSearchParams } from '../../router';
import type { ScreenProps } from '../routeTable';

const FormScreen = lazy(() => import('../../form/FormScreen').then((m) => ({ default: m.FormScreen })));
const ListScreen = lazy(() => import('../../list/ListScreen').then((m) => ({ default: m.ListScreen })));
const TabsScreen = lazy(() => import('../../tabs/TabsScreen').then((m) => ({ default: m.TabsScreen })));

export default function DefinitionPage({ entry }: ScreenProps) {
  const [query] = useSearchParams();
  if (!entry.screenId) return null;
  if (entry.kind === 'list') return <ListScreen screenId={entry.screenId} />;
  if (entry.kind === 'tabs') return <TabsScreen screenId={entry.screenId} />;
  return <FormScreen screenId={entry.screenId} query={query} />;
}
