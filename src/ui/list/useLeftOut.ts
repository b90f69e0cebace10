// A selection list a parent narrows with fixed filters (the music box's tone chooser offers only tones that may
// join a box: sp/qrytone's onlyNormal) would look silently short: 2 tones offered of the provider's 12. This asks
// the same list call for the count of the same search without the parent's fixed filters (queryType 1: the total
// alone, 000 §7), so the note above the list can say how many rows the rule leaves out.
import { useQuery } from '@tanstack/react-query';
import type { ResolvedScreen } from '../../engine';
import { readListAnswer } from '../../engine/payload';
import { callApi } from '../runtime/api';
import { useScreenEnv } from '../runtime/screenEnv';
import type { ListState } from './listState';

const LIST_CALL = 'list';

/** How many rows of the current search the fixed filters leave out (undefined until known, or when none are fixed). */
export function useLeftOut(
  screenId: string,
  state: ListState,
  screen: Pick<ResolvedScreen, 'calls'>,
  fixed: Record<string, unknown> | undefined,
  shown: number | undefined,
): number | undefined {
  const env = useScreenEnv();
  const call = screen.calls[LIST_CALL];
  const fixedKeys = Object.keys(fixed ?? {});
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([k]) => !fixedKeys.includes(k)));
  const all = useQuery({
    queryKey: ['list', screenId, 'unfiltered total', filters],
    enabled: Boolean(call) && fixedKeys.length > 0,
    queryFn: async () => {
      const payload = env.engine.payload(screenId, LIST_CALL, { config: env.config, user: env.user, form: filters });
      const answer = await callApi(call, { ...payload, startRecordNum: 1, endRecordNum: 1, queryType: 1 });
      return readListAnswer(answer, call.response).total;
    },
  });
  return all.data === undefined || shown === undefined ? undefined : Math.max(0, all.data - shown);
}
