import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import styles from './agent-page.module.css';

/** Search a team list by username (exact, any case); empty shows everyone. */
export function UsernameSearch({
  value,
  onChange,
  testId = 'agent-search',
}: {
  value: string | undefined;
  onChange: (username: string | undefined) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(text.trim() || undefined);
  };
  return (
    <form className={styles.search} onSubmit={submit} role="search">
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('agents.searchUsername')}
        aria-label={t('agents.searchUsername')}
        maxLength={32}
        data-testid={testId}
      />
      <Button type="submit" size="sm" variant="secondary">
        {t('agents.search')}
      </Button>
    </form>
  );
}
