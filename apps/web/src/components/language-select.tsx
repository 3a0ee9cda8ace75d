import { LANGUAGE_LABELS, type Language } from '@banca/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, useLanguage } from '@/i18n';
import { ChevronDownIcon, GlobeIcon } from './icons';

/**
 * The language picker (docs/product.md §1): a native <select> so it works with every keyboard and
 * screen reader; options are labelled in their own language.
 */
export function LanguageSelect({
  languages,
  className,
}: {
  languages: readonly Language[];
  className?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  return (
    <div className={className ? `language-select ${className}` : 'language-select'}>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <GlobeIcon className="language-select__icon" />
      <select
        id={id}
        data-testid="language-select"
        value={language}
        onChange={(event) => void chooseLanguage(event.target.value as Language)}
      >
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_LABELS[code] ?? code}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="language-select__chevron" />
    </div>
  );
}
