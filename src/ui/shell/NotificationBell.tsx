// The top bar's notifications (issue 26): a bell with the number of unread decisions on the provider's changes,
// opening the latest ones (approved, or rejected with the operator's reason), each leading to the list of its
// kind (the named expression notificationRoute) and marked read when opened; "Mark all read" clears the count.
// Read on load, every minute while the page is open, and when the panel opens.
import { useCallback, useEffect, useState } from 'react';
import { request } from '../../api';
import { useI18n } from '../i18n';
import { useNavigate } from '../router';
import { useScreenEnv } from '../runtime/screenEnv';
import { Icon } from './Icon';
import { MenuItem } from './MenuItem';
import { useMenuButton } from './useMenuButton';
import { formatMoment } from './formatValue';

interface Notice {
  notificationID: string;
  entityType: string;
  entity: string;
  kind: string;
  decision: 'approved' | 'rejected';
  reason: string;
  time: string;
  read: string;
}
const REFRESH_MS = 60_000;

export function NotificationBell() {
  const { t, language, digits } = useI18n();
  const env = useScreenEnv();
  const navigate = useNavigate();
  const [data, setData] = useState<{ unread: number; items: Notice[] }>({ unread: 0, items: [] });
  const { open, close, buttonProps, menuProps } = useMenuButton<HTMLButtonElement, HTMLUListElement>();

  const load = useCallback(async () => {
    const answer = await request<{ unread: string; items: Notice[] }>(
      'sp/notifications',
      {},
      { kind: 'get', quiet: true },
    ).catch(() => undefined);
    if (answer?.returnCode === '000000' && answer.record)
      setData({ unread: Number(answer.record.unread) || 0, items: answer.record.items ?? [] });
  }, []);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);
  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const markRead = async (payload: Record<string, string>) => {
    await request('sp/notifications/read', payload, { quiet: true }).catch(() => undefined);
    await load();
  };
  const choose = (n: Notice) => {
    close(false);
    if (n.read !== '1') void markRead({ ids: n.notificationID });
    navigate(String(env.engine.evaluateExpression('notificationRoute', { row: n })));
  };

  const count = data.unread > 99 ? '99+' : String(data.unread);
  return (
    <div className="notices">
      <button
        type="button"
        className="icon-button notices__button"
        aria-label={t('Notice.open', { count: data.unread })}
        data-unread={data.unread}
        {...buttonProps}
      >
        <Icon name="bell" size={20} />
        {data.unread > 0 && (
          <span className="notices__count" aria-hidden="true">
            {digits(count)}
          </span>
        )}
      </button>
      {open && (
        <div className="notices__panel">
          <div className="notices__head">
            <strong>{t('Notice.title')}</strong>
            {data.unread > 0 && (
              <button type="button" className="btn btn--link" onClick={() => void markRead({ all: '1' })}>
                {t('Notice.markAllRead')}
              </button>
            )}
          </div>
          {data.items.length === 0 ? (
            <p className="notices__empty">{t('Notice.empty')}</p>
          ) : (
            <ul {...menuProps} aria-label={t('Notice.title')} className="bare-list">
              {data.items.map((n) => (
                <MenuItem
                  key={n.notificationID}
                  className={`notices__item notices__item--${n.decision}${n.read === '1' ? '' : ' is-unread'}`}
                  data-notification={n.notificationID}
                  onClick={() => choose(n)}
                >
                  <span className="notices__text">
                    {t(n.decision === 'rejected' ? 'Notice.rejected' : 'Notice.approved', {
                      kind: t(`Notice.kind.${n.kind}`),
                      entity: n.entity,
                      reason: n.reason,
                    })}
                  </span>
                  <span className="notices__time">
                    {formatMoment(new Date(n.time), { dateStyle: 'medium', timeStyle: 'short' }, language, env.config)}
                  </span>
                </MenuItem>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
