// The language switch: every language of i18n/languages.json, each named in itself. The choice is remembered
// (local storage by the I18nProvider, and the session's `language` key of 000 §3); when logged in, the Layout
// tells the server and reloads what it shows. A few languages are buttons side by side; a longer list is a
// select, so the top bar keeps its room.
import { languages, useI18n, type Language } from '../i18n';
import { saveLanguage } from '../session/storage';

/** Up to this many languages show as buttons. */
const AS_BUTTONS = 4;

export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { language, setLanguage, t } = useI18n();
  const choose = (code: Language) => {
    if (code === language) return;
    setLanguage(code);
    saveLanguage(code);
  };
  if (languages.length > AS_BUTTONS)
    return (
      <select
        className={`lang-switch lang-switch--${tone} lang-switch--select`}
        aria-label={t('Common.language')}
        value={language}
        onChange={(e) => choose(e.target.value)}
      >
        {languages.map((l) => (
          <option key={l.code} value={l.code} lang={l.locale} data-language={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    );
  return (
    <div className={`lang-switch lang-switch--${tone}`} role="group" aria-label={t('Common.language')}>
      {languages.map((l) => (
        <button
          key={l.code}
          type="button"
          lang={l.locale}
          dir={l.dir}
          className={`lang-switch__option${language === l.code ? ' is-active' : ''}`}
          aria-pressed={language === l.code}
          data-language={l.code}
          onClick={() => choose(l.code)}
        >
          {l.name}
        </button>
      ))}
    </div>
  );
}
