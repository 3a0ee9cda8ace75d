import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { CrownIcon } from '@/components/icons';
import { useSessionStore } from '@/stores/session-store';
import {
  MEMBER_PAGES,
  resolveMemberPage,
  TRIAL_MEMBER_PAGES,
  type MemberPage,
} from '../lib/member-pages';
import { SecurityCentre } from './security-centre/security-centre';
import '../member.css';

export type MemberCentreProps = {
  manualRebateEnabled: boolean;
  avatarUrl?: string;
  /** Pages other features provide (composed in src/app), e.g. the wallet's. */
  areas?: Partial<Record<MemberPage, ReactNode>>;
  /** A count beside a page's name in the menu (messageV2: unread messages). */
  badges?: Partial<Record<MemberPage, ReactNode>>;
  /** Sections other features add to "my account" (the payments feature's identity/CPF). */
  accountSections?: ReactNode;
};

/**
 * Member centre (/member?page=…): "my account" (securityCenter) is here, other features'
 * pages come in `areas`; the rest arrive with their own issues. A trial member's menu lists
 * only the pages they may open.
 */
export default function MemberCentrePage({
  manualRebateEnabled,
  avatarUrl,
  areas,
  badges,
  accountSections,
}: MemberCentreProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const isTrial = useSessionStore((session) => session.isTrial);
  const page = resolveMemberPage(params.get('page'), manualRebateEnabled);
  const pages = MEMBER_PAGES.filter(
    (candidate) =>
      (candidate !== 'manualRebate' || manualRebateEnabled) &&
      (!isTrial || TRIAL_MEMBER_PAGES.includes(candidate)),
  );

  return (
    <div className="member-centre" data-testid="member-centre" data-page={page}>
      <nav className="member-centre__nav" aria-label={t('member.pagesLabel')}>
        <ul>
          {pages.map((candidate) => (
            <li key={candidate}>
              <Link
                to={`/member?page=${candidate}`}
                className={
                  candidate === page ? 'member-centre__link is-active' : 'member-centre__link'
                }
                aria-current={candidate === page ? 'page' : undefined}
              >
                {t(`memberPages.${candidate}`)}
                {badges?.[candidate]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="member-centre__body">
        {page === 'securityCenter' ? (
          <SecurityCentre avatarUrl={avatarUrl} extraSections={accountSections} />
        ) : (
          (areas?.[page] ?? <ComingSoon title={t(`memberPages.${page}`)} icon={<CrownIcon />} />)
        )}
      </div>
    </div>
  );
}
