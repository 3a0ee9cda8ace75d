import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { AlertIcon, HelpIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import { helpCenterQueryOptions } from '../api/get-help-center';
import { HelpTopicsView } from './help-topics-view';

/** The help centre (/helpmc): every topic of the brand; the hash names the open topic. */
export default function HelpCentrePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const topics = useQuery(helpCenterQueryOptions(language));
  const selectedKey = location.hash ? decodeURIComponent(location.hash.slice(1)) : null;

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
        <HelpTopicsView
          topics={topics.data}
          selectedKey={selectedKey}
          onSelect={(key) => void navigate({ hash: encodeURIComponent(key) }, { replace: true })}
        />
      ) : null}
    </div>
  );
}
