import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { identityQueryOptions } from '../api/get-identity';
import styles from './deposit.module.css';
import { IdentityCard } from './identity-card';
import own from './withdraw.module.css';

/**
 * The member's identity in the security centre ("my account", where the spec keeps the
 * member's details): the verified CPF, masked, or the CPF check form. The withdraw page shows
 * the same form when it is still missing.
 */
export default function IdentitySection() {
  const { t } = useTranslation();
  const status = useQuery(identityQueryOptions());
  if (!status.data)
    return status.isError ? null : <Skeleton height={96} radius="var(--radius-md)" />;
  const identity = status.data.identity;
  if (!identity) return <IdentityCard complianceProfile={status.data.complianceProfile} />;
  return (
    <section className={styles.card} data-testid="identity-verified">
      <h2 className={own.sectionTitle}>
        <CheckCircleIcon width={18} height={18} aria-hidden="true" />
        {t('withdraw.steps.identity')}
      </h2>
      <p className={styles.note}>
        {t('withdraw.steps.identityDone', { cpf: identity.cpfMasked, name: identity.fullName })}
      </p>
    </section>
  );
}
