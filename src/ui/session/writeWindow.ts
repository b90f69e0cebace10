// The write window (maintenance_window, 000 §8) as the server answers it for a site, kept in session storage so the
// shell's banner (shell/WriteWindowBanner.tsx) shows it from a page's first paint; the login asks it before the
// first page opens.
import { request } from '../../api';
import { saveWriteWindow, type WriteWindowState } from './storage';

/** Asks the server for a site's write window and keeps the answer; undefined when it did not answer. */
export async function fetchWriteWindow(site: string): Promise<WriteWindowState | undefined> {
  const answer = await request<WriteWindowState>(
    'common/querywritewindow',
    { site },
    { kind: 'get', quiet: true },
  ).catch(() => undefined);
  if (answer?.record) saveWriteWindow(site, answer.record);
  return answer?.record;
}
