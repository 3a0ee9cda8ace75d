import type { DownlineRow } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contractsQueryOptions } from '../api/contracts';
import { OfferContractButton } from './offer-contract-dialog';
import styles from './contracts.module.css';

/**
 * The downline page's "contract" column (downline-columns.ts): for a direct downline agent,
 * the kinds of contract in force or offered, and the offer button. One list query serves every
 * row (the agent's given contracts).
 */
export function ContractCell({ row }: { row: DownlineRow; currency: string }) {
  const { t } = useTranslation();
  const given = useQuery({
    ...contractsQueryOptions({ role: 'given' }),
    enabled: row.depth === 1 && row.isAgent,
  });
  if (row.depth !== 1 || !row.isAgent) return <span aria-hidden="true">—</span>;
  const current = (given.data?.list ?? []).filter(
    (c) => c.downline.id === row.memberId && (c.status === 'active' || c.status === 'pending'),
  );
  return (
    <div className={styles.cell} data-testid={`contract-cell-${row.memberId}`}>
      {current.map((c) => (
        <span
          key={c.id}
          className={`${styles.status} ${c.status === 'active' ? styles.statusActive : styles.statusPending}`}
        >
          {t(`agentContracts.kinds.${c.kind}`)} · {t(`agentContracts.statuses.${c.status}`)}
        </span>
      ))}
      <OfferContractButton downline={{ id: row.memberId, account: row.username }} />
    </div>
  );
}
