// The results of a batch (001 §2.1 results popup, 000 §3 result dialog): a progress bar (lines processed, and the
// success count of the total) and one row per line with its input, return code and message. An answer that is
// a task still queued or running is followed through the action's `results.progress` call until every line has
// its result; the provider may close the dialog meanwhile, the task goes on on the server.
import { useQuery } from '@tanstack/react-query';
import type { ResolvedAction, ResolvedScreen } from '../../engine';
import { useI18n } from '../i18n';
import { Dialog } from '../shell/feedback';
import { ProgressBar } from '../shell/ProgressBar';
import { callApi, type Answer } from '../runtime/api';
import { useScreenEnv } from '../runtime/screenEnv';
import '../list/list.css';
import './batchResults.css';
import { ColumnHeads } from '../shell/ColumnHeads';
import { StatusBadge } from '../shell/StatusBadge';

export interface BatchLine {
  lineNo?: number;
  cmdLine?: string;
  returnCode?: string;
  returnMsg?: string;
}

interface TaskSummary {
  taskId?: string;
  totalCount?: number;
  successCount?: number;
  failCount?: number;
  processedCount?: number;
  state?: string;
}

type Record_ = TaskSummary & { lines?: BatchLine[]; task?: TaskSummary };

const FINISHED = new Set(['done', 'failed', 'cancelled']);

/** The task and its lines from any of the answers: the submit's, {record: {task, lines}} or lines with recordSum. */
export function batchView(answer: Answer | undefined, earlier?: TaskSummary) {
  const record = answer?.record as Record_ | BatchLine[] | undefined;
  const lines = Array.isArray(record) ? record : (record?.lines ?? []);
  const task: TaskSummary = Array.isArray(record) ? { ...earlier } : { ...earlier, ...(record?.task ?? record ?? {}) };
  const total = Number(task.totalCount ?? answer?.recordSum ?? lines.length);
  const judged = lines.filter((l) => l.returnCode);
  const processed = Math.max(Number(task.processedCount ?? 0), judged.length);
  const success = task.successCount ?? judged.filter((l) => l.returnCode === '000000').length;
  const done = (task.state !== undefined && FINISHED.has(task.state)) || (total > 0 && processed >= total);
  return { task, lines, total, processed, success: Number(success), failed: processed - Number(success), done };
}

export function BatchResultsDialog({
  screen,
  action,
  answer,
  onClose,
}: {
  screen: ResolvedScreen;
  action: ResolvedAction;
  answer: Answer;
  onClose(): void;
}) {
  const { t } = useI18n();
  const env = useScreenEnv();
  const first = batchView(answer);
  const progressCall = action.results ? screen.calls[action.results.progress] : undefined;
  const follow = useQuery({
    queryKey: ['batchResults', screen.id, first.task.taskId],
    enabled: Boolean(progressCall && first.task.taskId && !first.done),
    queryFn: () =>
      callApi(
        progressCall!,
        env.engine.payload(screen.id, action.results!.progress, {
          config: env.config,
          user: env.user,
          form: { taskId: first.task.taskId },
        }),
      ),
    refetchInterval: (q) => (batchView(q.state.data, first.task).done ? false : (action.results?.intervalMs ?? 1000)),
  });
  const view = follow.data ? batchView(follow.data, first.task) : first;
  const percent = view.total > 0 ? Math.floor((view.processed * 100) / view.total) : view.done ? 100 : 0;
  return (
    <Dialog
      open
      size="large"
      title={t('BatchScreen.resultsTitle')}
      onClose={onClose}
      footer={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {t('Common.close')}
        </button>
      }
    >
      <div className="batch-results" data-done={view.done ? '1' : '0'}>
        <ProgressBar block="batch-results" label={t('BatchScreen.progress')} percent={percent} />
        <p className="batch-results__summary" role="status">
          {view.done
            ? t('BatchScreen.summaryDone', { success: view.success, failed: view.failed, total: view.total })
            : t('BatchScreen.summaryRunning', { processed: view.processed, total: view.total, percent })}
        </p>
        {view.lines.length > 0 && (
          <div className="data-table batch-results__table">
            <table>
              <colgroup>
                <col className="batch-results__col-no" />
                <col className="batch-results__col-line" />
                <col className="batch-results__col-code" />
                <col />
              </colgroup>
              <ColumnHeads
                heads={['lineNo', 'cmdLine', 'returnCode', 'returnMsg'].map((k) => ({
                  key: k,
                  label: t(`BatchScreen.${k}`),
                }))}
              />
              <tbody>
                {view.lines.map((l, i) => (
                  <tr
                    key={l.lineNo ?? i}
                    className={l.returnCode && l.returnCode !== '000000' ? 'is-failed' : undefined}
                  >
                    <td>{l.lineNo ?? i + 1}</td>
                    <td className="batch-results__input" title={l.cmdLine}>
                      {l.cmdLine || '----'}
                    </td>
                    <td>
                      {l.returnCode ? (
                        <StatusBadge colour={l.returnCode === '000000' ? 'green' : 'red'}>{l.returnCode}</StatusBadge>
                      ) : (
                        <StatusBadge>{t('BatchScreen.waiting')}</StatusBadge>
                      )}
                    </td>
                    <td>{l.returnMsg || '----'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {view.lines.length < view.total && view.done && (
          <p className="batch-results__more">
            {t('BatchScreen.moreLines', { shown: view.lines.length, total: view.total })}
          </p>
        )}
      </div>
    </Dialog>
  );
}
