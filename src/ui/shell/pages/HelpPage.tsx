// guide: the provider's user guide to the portal, opened from the user menu in a new window. Topics link to the
// screens they describe; the text lives in the catalogues (Help.*), in both languages.
import { Link } from '../../router';
import { useI18n } from '../../i18n';
import { Icon } from '../Icon';
import { PageHeader } from '../PageHeader';
import type { ScreenProps } from '../routeTable';

const TOPICS: Array<{ key: string; icon: string; link?: string }> = [
  { key: 'start', icon: 'home', link: '/dashboard' },
  { key: 'tones', icon: 'music', link: '/rbtUploading' },
  { key: 'boxes', icon: 'box', link: '/musicBoxMaintenance' },
  { key: 'ivr', icon: 'phone', link: '/salutatory' },
  { key: 'nameRbt', icon: 'user', link: '/namerbtInfo' },
  { key: 'account', icon: 'shield', link: '/myaccount' },
];

export default function HelpPage(_props: ScreenProps) {
  const { t } = useI18n();
  return (
    <div className="help" data-screen="guide">
      <PageHeader title={t('Guide.title')} description={t('Help.intro')} />
      <div className="help__grid">
        {TOPICS.map((topic) => (
          <section key={topic.key} className="card help__topic" aria-labelledby={`help-${topic.key}`}>
            <div className="card__body">
              <span className="tile-icon" aria-hidden="true">
                <Icon name={topic.icon} size={20} />
              </span>
              <h2 id={`help-${topic.key}`} className="help__title">
                {t(`Help.${topic.key}.title`)}
              </h2>
              <p className="help__text">{t(`Help.${topic.key}.text`)}</p>
              {topic.link && (
                <Link className="btn btn--link" to={topic.link}>
                  {t('Help.open')}{' '}
                  <span className="icon--directional" aria-hidden="true">
                    →
                  </span>
                </Link>
              )}
            </div>
          </section>
        ))}
      </div>
      <section className="card help__contact" aria-labelledby="help-contact">
        <div className="card__body">
          <h2 id="help-contact" className="help__title">
            {t('Help.contact.title')}
          </h2>
          <p className="help__text">{t('Help.contact.text')}</p>
        </div>
      </section>
    </div>
  );
}
