// A banner while the write window is active (maintenance_window, 000 §8: writes refused 0:00-5:00 while the
// background data run works), so a provider working at night learns it before a save fails, not from errors.
// The window is asked of the server (its clock and its configuration) on each page and every minute; the call is
// public and read-only, so it keeps no session alive. Its last answer is kept in session storage and shown from the
// first paint: a banner that came with the answer pushed the page 80 px down under the provider's pointer. The
// login asks it before the first page (session/writeWindow.ts), so even that page does not move.
import { useEffect, useState } from 'react';
import { useLocation } from '../router';
import { useI18n } from '../i18n';
import { readWriteWindow } from '../session/storage';
import { fetchWriteWindow } from '../session/writeWindow';
import { Icon } from './Icon';

const POLL_MS = 60_000;

export function WriteWindowBanner({ site }: { site: string }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const [state, setState] = useState(() => readWriteWindow(site));
  useEffect(() => {
    let live = true;
    const ask = () =>
      fetchWriteWindow(site).then((answered) => {
        if (live && answered) setState(answered);
      });
    void ask();
    const timer = setInterval(() => void ask(), POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [site, pathname]);
  if (state?.active !== '1') return null;
  return (
    <div className="alert alert--warning write-window" role="status" data-notice="writeWindow">
      <Icon name="lock" size={16} />
      <span>{t('WriteWindow.active', { until: state.until, window: state.window })}</span>
    </div>
  );
}
