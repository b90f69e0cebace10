// What a signed-in user of a site this build of the portal does not know sees (a site folder added or renamed on
// the server after the portal was built): a clear message instead of screens resolved against the wrong site.
// The browser console gets the details for whoever investigates.
import { useEffect } from 'react';
import { useI18n } from '../../i18n';
import { EmptyState } from '../../shell/EmptyState';
import { AuthLayout } from '../AuthLayout';
import { useSession } from '../SessionContext';

export function UnknownSitePage({ site }: { site: string }) {
  const { t } = useI18n();
  const { logout, user } = useSession();
  useEffect(() => {
    console.error(
      `Account ${user.code ?? ''} belongs to site "${site}", which this build of the portal does not contain (no site-variants/${site}/ at build time).`,
    );
  }, [site, user.code]);
  return (
    <AuthLayout title={t('App.name')}>
      <div data-screen="unknownSite">
        <EmptyState
          icon="lock"
          tone="warning"
          headingLevel={2}
          title={t('SiteUnknown.title')}
          actions={
            <button type="button" className="btn btn--primary" onClick={() => void logout()}>
              {t('Menu.logout')}
            </button>
          }
        >
          <p>{t('SiteUnknown.message', { site })}</p>
          <p className="muted">{t('SiteUnknown.hint', { site })}</p>
        </EmptyState>
      </div>
    </AuthLayout>
  );
}
