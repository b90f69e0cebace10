// A route rendered straight from its screen definition by the shared renderers: forms by FormScreen (edit mode
// from the query, as the definition's editWhen says), lists by ListScreen.
import { useSearchParams } from '../../router';
import { FormScreen } from '../../form/FormScreen';
import { ListScreen } from '../../list/ListScreen';
import type { ScreenProps } from '../screens';

export default function DefinitionPage({ entry }: ScreenProps) {
  const [query] = useSearchParams();
  if (!entry.screenId) return null;
  if (entry.kind === 'list') return <ListScreen screenId={entry.screenId} />;
  return <FormScreen screenId={entry.screenId} query={query} />;
}
