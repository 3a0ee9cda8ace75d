import type { Language } from '@banca/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '@/components/language-select';

/** The agent layout's only chrome: brand and language picker (no side menu, header, footer). */
export function AgentTopBar({ brand, languages }: { brand: string; languages: Language[] }) {
  const { t } = useTranslation();
  return (
    <header className="agent-top-bar">
      <Link to="/agent" className="brand-logo" aria-label={t('header.logoLink', { brand })}>
        <span className="brand-logo__mark" aria-hidden="true">
          {brand.slice(0, 1)}
        </span>
        <span className="brand-logo__text">{brand}</span>
        <span className="agent-top-bar__tag">{t('header.agent')}</span>
      </Link>
      <LanguageSelect languages={languages} className="agent-top-bar__language" />
    </header>
  );
}
