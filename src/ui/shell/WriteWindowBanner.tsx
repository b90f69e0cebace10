// A banner while the write window is active (maintenance_window, 000 §8: writes refused 0:00-5:00 while the
// background data run works), so a provider working at night learns it before a save fails, not from errors.
// The window is asked of the server (its clock and its configuration) on each page and every minute; the call is
// public and read-only, so it keeps no session alive.
import { useEffect, useState } from 'react';
import { useLocation } from '../router';
import { request } from '../../api';
import { useI18n } from '../i18n';
import { Icon } from './Icon';

interface WriteWindow {
  window: string;
  active: string;
  until: string;
}
const POLL_MS = 60_000;

export function WriteWindowBanner({ site }: { site: string }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const [state, setState] = useState<WriteWindow | undefined>();
  useEffect(() => {
    let live = true;
    const ask = () =>
      request<WriteWindow>('common/querywritewindow', { site }, { kind: 'get', quiet: true }).then(
        (a) => {
          if (live) setState(a.record);
        },
        () => undefined,
      );
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
