import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '@/api/error-message';
import { Dialog } from '@/components/dialog';
import { EmptyState } from '@/components/empty-state';
import { AlertIcon, HelpIcon } from '@/components/icons';
import { PageLoader } from '@/components/spinner';
import { useLanguage } from '@/i18n';
import { helpCenterQueryOptions } from '../api/get-help-center';
import { HelpTopicsView } from './help-topics-view';

export type HelpDialogProps = {
  open: boolean;
  onClose: () => void;
  initialTopic: string | null;
};

/** The help dialog over the home page (/help; /help#term opens the terms topic). */
export function HelpDialog({ open, onClose, initialTopic }: HelpDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const topics = useQuery({ ...helpCenterQueryOptions(language), enabled: open });
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('help.title')}
      size="lg"
      data-testid="help-dialog"
    >
      {topics.isPending ? <PageLoader /> : null}
      {topics.isError ? (
        <EmptyState icon={<AlertIcon />} title={t('help.loadError')}>
          {errorMessage(topics.error, t)}
        </EmptyState>
      ) : null}
      {topics.data?.length === 0 ? (
        <EmptyState icon={<HelpIcon />} title={t('help.empty')} />
      ) : null}
      {topics.data && topics.data.length > 0 ? (
        <>
          <HelpTopicsView
            topics={topics.data}
            selectedKey={chosen ?? initialTopic}
            onSelect={setChosen}
          />
          <p className="help-dialog__more">
            <Link to="/helpmc">{t('help.openCentre')}</Link>
          </p>
        </>
      ) : null}
    </Dialog>
  );
}
