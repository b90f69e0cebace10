// The shared renderers a definition's route is drawn with, each a chunk of its own (a list page does not load the
// form renderer, rjsf, and a form page does not load the table), and which of them, with the validator, a route
// needs: screens.tsx (and the console's layout) load them all at once, with the page, before the page renders
// (runtime/preloadable.tsx).
import { preloadable } from '../../runtime/preloadable';
import { loadValidator } from '../../validator';
import { routeFor, type RouteEntry } from '../routeTable';

export const FormScreen = preloadable(() => import('../../form/FormScreen').then((m) => m.FormScreen));
export const ListScreen = preloadable(() => import('../../list/ListScreen').then((m) => m.ListScreen));
export const TabsScreen = preloadable(() => import('../../tabs/TabsScreen').then((m) => m.TabsScreen));
export const DefinitionDialog = preloadable(() =>
  import('../../form/DefinitionDialog').then((m) => m.DefinitionDialog),
);

const withForm = () => [FormScreen.preload(), loadValidator()];

/** Loads what DefinitionPage renders for the entry: its renderer, a form's validator, a dialog route's page below. */
export function preloadRenderers(entry: Pick<RouteEntry, 'kind' | 'dialog'>): Promise<unknown> {
  if (entry.dialog) {
    const under = routeFor(entry.dialog.over);
    return Promise.all([
      DefinitionDialog.preload(),
      loadValidator(),
      ...(under?.kind === 'list' ? [ListScreen.preload()] : under ? withForm() : []),
    ]);
  }
  if (entry.kind === 'list') return ListScreen.preload();
  if (entry.kind === 'tabs') return TabsScreen.preload();
  return Promise.all(withForm());
}
