// The footer copyright line.
import { useI18n } from '../i18n';

export function Footer() {
  const { t } = useI18n();
  return (
    <footer className="footer">
      <span>{t('Footer.copyright', { year: new Date().getFullYear() })}</span>
    </footer>
  );
}
