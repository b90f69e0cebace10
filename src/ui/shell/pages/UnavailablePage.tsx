// What a route shows to a session that may not open it (the capability gate, src/engine/gate.ts): the screen's
// name and why, in the session's language, and where the provider can go, rather than a screen whose calls the
// server would refuse. An expired account's screens say so in full (000 §2, §4).
import type { Access } from '../../../engine/gate';
import { Link } from '../../router';
import { useI18n } from '../../i18n';
import { engineFor } from '../../definitions';
import { useSession } from '../../session/SessionContext';
import { ClosedNotice } from './NoticePage';

export function UnavailablePage({ access }: { access: Access & { open: false } }) {
  const { t } = useI18n();
  const session = useSession();
  const engine = engineFor(session.site);
  const title =
    access.screen && engine.screenIds().includes(access.screen) ? t(engine.definition(access.screen).title) : '';
  return (
    <ClosedNotice
      access={access}
      title={title}
      more={
        !session.contextUser.ossLogin && (
          <Link className="btn btn--ghost" to="/myaccount">
            {t('Menu.myAccount')}
          </Link>
        )
      }
    />
  );
}
