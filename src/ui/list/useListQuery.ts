// Loads one page of a list through its definition's `list` call: the payload is the definition's mapping of
// the applied filters plus the record range of the page (startRecordNum/endRecordNum); the answer is read
// where the call says (record/recordSum by default). The previous page stays on screen while the next loads.
// A list whose definition says `refreshWhile` (batch tasks still pending) asks again every `refreshMs` while a
// row of the page is in that state, and stops once none is.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ResolvedScreen } from '../../engine';
import { holds } from '../../engine/logic';
import { pageRange, readListAnswer } from '../../engine/payload';
import { callApi } from '../runtime/api';
import { useScreenEnv } from '../runtime/screenEnv';
import { orderByOf, type ListState } from './listState';

const LIST_CALL = 'list';
const REFRESH_MS = 2000;

export function useListQuery(screenId: string, state: ListState, screen: Pick<ResolvedScreen, 'calls' | 'list'>) {
  const env = useScreenEnv();
  const call = screen.calls[LIST_CALL];
  const refreshWhile = screen.list?.refreshWhile;
  return useQuery({
    queryKey: ['list', screenId, state],
    enabled: Boolean(call),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      refreshWhile !== undefined &&
      (q.state.data?.rows ?? []).some((row) => holds(refreshWhile, { row, config: env.config, user: env.user }, false))
        ? (screen.list?.refreshMs ?? REFRESH_MS)
        : false,
    queryFn: async () => {
      const mapped = env.engine.payload(screenId, LIST_CALL, {
        config: env.config,
        user: env.user,
        form: state.filters,
      });
      const payload = { ...mapped, ...orderByOf(state.sort), ...pageRange(state.page, state.pageSize) };
      return readListAnswer(await callApi(call, payload), call.response);
    },
  });
}
