// Loads one page of a list through its definition's `list` call: the payload is the definition's mapping of
// the applied filters plus the record range of the page (startRecordNum/endRecordNum); the answer is read
// where the call says (record/recordSum by default). The previous page stays on screen while the next loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageRange, readListAnswer } from '../../engine/payload';
import { callApi } from '../form/api';
import { useScreenEnv } from '../form/screenEnv';
import type { ListState } from './listState';

export const LIST_CALL = 'list';

export function useListQuery(
  screenId: string,
  state: ListState,
  calls: Record<string, import('../../engine').CallDef>,
) {
  const env = useScreenEnv();
  const call = calls[LIST_CALL];
  return useQuery({
    queryKey: ['list', screenId, state],
    enabled: Boolean(call),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const mapped = env.engine.payload(screenId, LIST_CALL, {
        config: env.config,
        user: env.user,
        form: state.filters,
      });
      const payload = { ...mapped, ...pageRange(state.page, state.pageSize) };
      return readListAnswer(await callApi(call, payload), call.response);
    },
  });
}
