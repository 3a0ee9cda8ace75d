import type { ContentOverview } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { FormAlert } from '@/components/form-field';
import { Tabs } from '@/components/tabs';
import type { DeskProps } from '@/lib/admin-desks';
import { ADMIN_CONTENT_KEY, fetchContent } from '../../api/admin-content';
import { AnnouncementsTab } from './announcements-tab';
import { BannersTab } from './banners-tab';
import { ChannelsTab } from './channels-tab';
import styles from './content-desk.module.css';
import { FeedbackTab } from './feedback-tab';
import { HelpTab } from './help-tab';

type Tab = 'banners' | 'announcements' | 'help' | 'channels' | 'feedback';

/** What every editing tab gets: the brand's content as loaded, and whether the operator may edit. */
export type ContentTabProps = { content: ContentOverview; canEdit: boolean };

/**
 * The content desk (docs/content.md "Console"): a brand's banners, announcements, help articles
 * and channels, and members' feedback to answer. Roles mirror the server's
 * (modules/content/admin-routes.ts): owner and content edit; support answers feedback.
 */
export default function ContentDesk({ operator }: DeskProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('banners');
  const [merchantCode, setMerchantCode] = useState<string | null>(null);
  const canEdit = operator.roles.some((role) => role === 'owner' || role === 'content');
  const canAnswer = canEdit || operator.roles.includes('support');
  const content = useQuery({
    queryKey: [...ADMIN_CONTENT_KEY, 'overview', merchantCode],
    queryFn: ({ signal }) => fetchContent(merchantCode, signal),
  });
  return (
    <div className={styles.desk} data-testid="content-desk">
      <div className={styles.toolbar}>
        <Tabs
          items={(['banners', 'announcements', 'help', 'channels', 'feedback'] as const).map(
            (key) => ({ key, label: t(`contentDesk.tabs.${key}`) }),
          )}
          selected={tab}
          onSelect={setTab}
          label={t('admin.desks.content')}
          testIdPrefix="content-desk-tab"
        />
        {content.data && content.data.brands.length > 1 ? (
          <label className={styles.inline}>
            {t('contentDesk.brand')}
            <select
              value={content.data.merchantCode}
              onChange={(event) => setMerchantCode(event.target.value)}
            >
              {content.data.brands.map((brand) => (
                <option key={brand.merchantCode} value={brand.merchantCode}>
                  {brand.name} ({brand.merchantCode})
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {tab !== 'feedback' ? <p className={styles.muted}>{t('contentDesk.cacheNote')}</p> : null}
      {content.isError ? <FormAlert>{errorMessage(content.error, t)}</FormAlert> : null}
      {tab === 'feedback' ? <FeedbackTab canAnswer={canAnswer} /> : null}
      {content.data && tab === 'banners' ? (
        <BannersTab content={content.data} canEdit={canEdit} />
      ) : null}
      {content.data && tab === 'announcements' ? (
        <AnnouncementsTab content={content.data} canEdit={canEdit} />
      ) : null}
      {content.data && tab === 'help' ? <HelpTab content={content.data} canEdit={canEdit} /> : null}
      {content.data && tab === 'channels' ? (
        <ChannelsTab content={content.data} canEdit={canEdit} />
      ) : null}
    </div>
  );
}
