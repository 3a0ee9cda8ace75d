import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { AlertIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { useSessionStore } from '@/stores/session-store';
import { profileQueryOptions } from '../../api/get-profile';
import { AccountSummary } from './account-summary';
import { AuthenticatorCard } from './authenticator-card';
import { LoginPasswordCard, PaymentPasswordCard } from './password-cards';
import { ProfileCard } from './profile-card';
import { SessionsCard } from './sessions-card';

/**
 * "My account" (/member?page=securityCenter): who the member is, the profile, the login and
 * payment passwords, the authenticator app and the open sessions.
 */
export function SecurityCentre({
  avatarUrl,
  extraSections,
}: {
  avatarUrl: string | undefined;
  /** Sections of other features (composed in src/app): the identity (CPF) of the payments feature. */
  extraSections?: ReactNode;
}) {
  const { t } = useTranslation();
  const member = useSessionStore((session) => session.member);
  const profile = useQuery(profileQueryOptions());

  if (profile.isError) {
    return (
      <div className="security-centre__error" role="alert">
        <EmptyState icon={<AlertIcon />} title={t('security.loadError')}>
          {errorMessage(profile.error, t)}
        </EmptyState>
        <Button variant="secondary" onClick={() => void profile.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!profile.data || !member) return <SecurityCentreSkeleton />;

  return (
    <div className="security-centre" data-testid="security-centre">
      <AccountSummary member={member} profile={profile.data} avatarUrl={avatarUrl} />
      <div className="security-centre__grid">
        <ProfileCard profile={profile.data} />
        <div className="security-centre__side">
          <LoginPasswordCard />
          <PaymentPasswordCard isSet={profile.data.paymentPasswordSet} />
          <AuthenticatorCard enabled={profile.data.totpEnabled} />
        </div>
      </div>
      {extraSections}
      <SessionsCard />
    </div>
  );
}

function SecurityCentreSkeleton() {
  return (
    <div className="security-centre" aria-busy="true" data-testid="security-centre-loading">
      <Skeleton height={132} radius={20} />
      <div className="security-centre__grid">
        <Skeleton height={520} radius={20} />
        <div className="security-centre__side">
          <Skeleton height={120} radius={20} />
          <Skeleton height={160} radius={20} />
          <Skeleton height={160} radius={20} />
        </div>
      </div>
    </div>
  );
}
