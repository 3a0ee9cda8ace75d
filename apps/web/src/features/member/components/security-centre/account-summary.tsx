import type { MemberInfo, Profile } from '@banca/contracts';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, CopyIcon, KeyIcon, LockIcon, ShieldIcon } from '@/components/icons';
import { toast } from '@/stores/toast-store';

/** The head of "my account": the member, the VIP level, the invite code and a security score. */
export function AccountSummary({
  member,
  profile,
  avatarUrl,
}: {
  member: MemberInfo;
  profile: Profile;
  avatarUrl: string | undefined;
}) {
  const { t } = useTranslation();
  const name = member.nickname || member.account;
  const checks = [
    { key: 'password', done: true, label: t('security.checks.password'), icon: <LockIcon /> },
    {
      key: 'payment',
      done: profile.paymentPasswordSet,
      label: t('security.checks.payment'),
      icon: <KeyIcon />,
    },
    {
      key: 'totp',
      done: profile.totpEnabled,
      label: t('security.checks.totp'),
      icon: <ShieldIcon />,
    },
  ];
  const copyInvite = () => {
    navigator.clipboard.writeText(member.inviteCode).then(
      () => toast.success(t('security.copied')),
      () => toast.error(t('security.copyFailed')),
    );
  };
  return (
    <section className="account-summary" aria-labelledby="account-summary-name">
      <div className="account-summary__who">
        <span className="avatar account-summary__avatar" aria-hidden="true">
          {avatarUrl ? (
            <img src={avatarUrl} alt="" width={72} height={72} />
          ) : (
            name.slice(0, 1).toUpperCase()
          )}
        </span>
        <div className="account-summary__text">
          <h1
            id="account-summary-name"
            className="account-summary__name"
            data-testid="account-name"
          >
            {name}
          </h1>
          <p className="account-summary__account">@{member.account}</p>
          <div className="account-summary__tags">
            {member.vip.enabled ? <span className="vip-chip">{member.vip.label}</span> : null}
            {member.isAgent ? (
              <span className="account-summary__tag">{t('header.agent')}</span>
            ) : null}
          </div>
        </div>
      </div>
      <div className="account-summary__invite">
        <span className="account-summary__label">{t('security.inviteCode')}</span>
        <button
          type="button"
          className="account-summary__code"
          onClick={copyInvite}
          aria-label={t('security.copyInvite', { code: member.inviteCode })}
          data-testid="invite-code"
        >
          <span>{member.inviteCode}</span>
          <CopyIcon />
        </button>
      </div>
      <ul className="account-summary__checks" aria-label={t('security.checksLabel')}>
        {checks.map((check) => (
          <li key={check.key} className={check.done ? 'is-done' : undefined}>
            {check.done ? <CheckCircleIcon /> : check.icon}
            <span>{check.label}</span>
            <span className="visually-hidden">
              {check.done ? t('security.checkDone') : t('security.checkPending')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
