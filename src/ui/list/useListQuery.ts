// Loads one page of a list through its definition's `list` call: the payload is the definition's mapping of
// the applied filters plus the record range of the page (startRecordNum/endRecordNum); the answer is read
// where the call says (record/recordSum by default). The previous page stays on screen while the next loads.
// A list asked whole (wholeList) is one call for every page, paged here.
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

/** The cache key of one page of a list: every distinct state (page, size, filters, sort) is cached on its own. */
export const listQueryKey = (screenId: string, state: ListState, whole = false) =>
  whole
    ? (['list', screenId, { filters: state.filters, sort: state.sort }, 'whole'] as const)
    : (['list', screenId, state] as const);

/** 001 §7 sp/querycopyright: the whole list, from the first record to the last (the server caps the answer). */
const WHOLE_RANGE = { startRecordNum: 1, endRecordNum: -1 };
const REFRESH_MS = 2000;

export function useListQuery(
  screenId: string,
  state: ListState,
  screen: Pick<ResolvedScreen, 'calls' | 'list'>,
  whole = false,
) {
  const env = useScreenEnv();
  const call = screen.calls[LIST_CALL];
  const refreshWhile = screen.list?.refreshWhile;
  return useQuery({
    queryKey: listQueryKey(screenId, state, whole),
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
      const range = whole ? WHOLE_RANGE : pageRange(state.page, state.pageSize);
      const payload = { ...mapped, ...orderByOf(state.sort), ...range };
      return readListAnswer(await callApi(call, payload), call.response);
    },
    // The whole list is paged here: each page is a slice of the one answer, the total the rows it holds.
    select: whole
      ? (data) => ({
          ...data,
          rows: data.rows.slice((state.page - 1) * state.pageSize, state.page * state.pageSize),
          total: data.rows.length,
        })
      : undefined,
  });
}
