import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { FormAlert, TextField } from '@/components/form-field';
import { AlertIcon, HelpIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import { helpCenterQueryOptions } from '../api/get-help-center';
import { matchesHelpSearch } from '../lib/help-search';
import styles from './content.module.css';
import { HelpTopicsView } from './help-topics-view';

/**
 * The help centre (/helpmc): every topic of the brand, a search over titles and texts; the hash
 * names the open topic, and one the brand does not have is said so above the topics.
 */
export default function HelpCentrePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const topics = useQuery(helpCenterQueryOptions(language));
  const selectedKey = location.hash ? decodeURIComponent(location.hash.slice(1)) : null;
  const [query, setQuery] = useState('');
  const found = useMemo(
    () => topics.data?.filter((topic) => matchesHelpSearch(topic, query)) ?? [],
    [topics.data, query],
  );
  const unknownTopic =
    selectedKey !== null && topics.data && !topics.data.some((topic) => topic.key === selectedKey)
      ? selectedKey
      : null;

  return (
    <div className="help-centre" data-testid="help-centre-page">
      <header className="help-centre__hero">
        <span className="help-centre__icon">
          <HelpIcon />
        </span>
        <div>
          <h1 className="help-centre__title">{t('help.title')}</h1>
          <p className="help-centre__subtitle">{t('help.subtitle')}</p>
        </div>
      </header>
      {topics.isPending ? (
        <div className="help-topics" aria-hidden="true">
          <Skeleton height={320} radius={16} />
          <Skeleton height={320} radius={16} />
        </div>
      ) : null}
      {topics.isError ? (
        <div className="help-centre__error" role="alert">
          <EmptyState icon={<AlertIcon />} title={t('help.loadError')}>
            {errorMessage(topics.error, t)}
          </EmptyState>
          <Button variant="secondary" onClick={() => void topics.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {topics.data?.length === 0 ? (
        <EmptyState icon={<HelpIcon />} title={t('help.empty')} />
      ) : null}
      {topics.data && topics.data.length > 0 ? (
        <TextField
          type="search"
          label={t('content.help.search')}
          placeholder={t('content.help.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className={styles.search}
          data-testid="help-search"
        />
      ) : null}
      {unknownTopic ? (
        <FormAlert tone="info" data-testid="help-unknown-topic">
          {t('content.help.unknownTopic', { topic: unknownTopic })}
        </FormAlert>
      ) : null}
      {topics.data && topics.data.length > 0 && found.length === 0 ? (
        <EmptyState icon={<HelpIcon />} title={t('content.help.noResults', { query })} />
      ) : null}
      {found.length > 0 ? (
        <HelpTopicsView
          topics={found}
          selectedKey={selectedKey}
          onSelect={(key) => void navigate({ hash: encodeURIComponent(key) }, { replace: true })}
        />
      ) : null}
    </div>
  );
}
