// English / Chinese switch. The choice is remembered (local storage by the I18nProvider, and the session's
// `language` key of 000 §3); when logged in, the Layout tells the server and reloads what it shows.
import { useI18n, type Language } from '../i18n';
import { saveLanguage } from '../session/storage';

const LANGUAGES: Array<{ code: Language; label: string }> = [
  { code: 'en', label: 'English' },
  { code: 'zh', label: '中文' },
];

export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { language, setLanguage, t } = useI18n();
  const choose = (code: Language) => {
    if (code === language) return;
    setLanguage(code);
    saveLanguage(code);
  };
  return (
    <div className={`lang-switch lang-switch--${tone}`} role="group" aria-label={t('Common.language')}>
      {LANGUAGES.map((l) => (
        <button
          key={l.code}
          type="button"
          lang={l.code === 'zh' ? 'zh-CN' : 'en'}
          className={`lang-switch__option${language === l.code ? ' is-active' : ''}`}
          aria-pressed={language === l.code}
          data-language={l.code}
          onClick={() => choose(l.code)}
        >
          {l.label}
        </button>
      ))}
    </div>
  );
}
