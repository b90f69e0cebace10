// The frame of the public pages (login, forgotten password): a brand panel beside the form card, the language
// switch at the top and the copyright line at the bottom. Below 900 px only the card shows.
import type { ReactNode } from 'react';
import { useI18n } from '../i18n';
import { Icon } from '../shell/Icon';
import { LanguageSwitch } from '../shell/LanguageSwitch';

const POINTS = ['upload', 'box', 'phone'] as const;
const POINT_KEYS: Record<(typeof POINTS)[number], string> = {
  upload: 'Auth.pointTones',
  box: 'Auth.pointBoxes',
  phone: 'Auth.pointIvr',
};

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="auth">
      <aside className="auth__brand" aria-label={t('App.name')}>
        <div className="auth__brand-inner">
          <span className="brand brand--large">
            <span className="brand__mark" aria-hidden="true">
              <Icon name="music" size={22} />
            </span>
            <span className="brand__name">{t('App.name')}</span>
          </span>
          <p className="auth__tagline">{t('Auth.tagline')}</p>
          <ul className="auth__points">
            {POINTS.map((p) => (
              <li key={p}>
                <span className="auth__point-icon" aria-hidden="true">
                  <Icon name={p} size={18} />
                </span>
                {t(POINT_KEYS[p])}
              </li>
            ))}
          </ul>
        </div>
        <div className="auth__wave" aria-hidden="true">
          {Array.from({ length: 28 }, (_, i) => (
            <span key={i} style={{ height: `${18 + Math.round(Math.abs(Math.sin(i * 0.7)) * 60)}%` }} />
          ))}
        </div>
      </aside>
      <div className="auth__main">
        <div className="auth__top">
          <LanguageSwitch />
        </div>
        <main id="main" className="auth__card card single-column">
          <h1 className="auth__title">{title}</h1>
          {subtitle && <p className="auth__subtitle">{subtitle}</p>}
          {children}
        </main>
        <footer className="auth__footer">{t('Footer.copyright', { year: new Date().getFullYear() })}</footer>
      </div>
    </div>
  );
}
