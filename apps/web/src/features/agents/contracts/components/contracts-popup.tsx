import type { Contract } from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { toast } from '@/stores/toast-store';
import {
  answerContract,
  consolidatedQueryOptions,
  contractsQueryKey,
  pendingContractsQueryOptions,
} from '../api/contracts';
import { ContractTerms } from './contract-terms';
import styles from './contracts.module.css';

/**
 * The contracts popup at login (spec §3 "a contracts popup shown when logged in"): the
 * consolidated call says which kinds of offer wait; the popup lists them to accept or reject.
 * Accepting a rate lower than contracts the member gave its own downlines first shows the
 * warning that those end (spec §8), then sends the confirmation.
 */
export default function ContractsPopup({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const flags = useQuery(consolidatedQueryOptions());
  const waiting =
    flags.data &&
    [
      flags.data.dailysalreqtype,
      flags.data.divtypereq,
      flags.data.contracthoursalreqh,
      flags.data.realtimesalreqtype,
    ].some(Boolean);
  const pending = useQuery({ ...pendingContractsQueryOptions(), enabled: Boolean(waiting) });
  const [dismissed, setDismissed] = useState(false);
  const [confirming, setConfirming] = useState<{ contract: Contract; count: number } | null>(null);

  const answer = useMutation({
    mutationFn: (input: { contract: Contract; status: 'A' | 'R'; confirm?: boolean }) =>
      answerContract(input.contract, input.status, input.confirm ?? false),
    onSuccess: (_result, input) => {
      toast.success(
        t(input.status === 'A' ? 'agentContracts.popup.accepted' : 'agentContracts.popup.rejected'),
      );
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: contractsQueryKey });
    },
    onError: (error, input) => {
      if (isApiError(error) && error.code === 'contract_ends_downline_contracts') {
        const ids = (error.data as { contractIds?: number[] } | undefined)?.contractIds ?? [];
        setConfirming({ contract: input.contract, count: ids.length });
        return;
      }
      toast.error(errorMessage(error, t));
    },
  });

  const offers = pending.data?.list ?? [];
  if (dismissed || offers.length === 0) return null;
  return (
    <Dialog
      open
      onClose={() => setDismissed(true)}
      title={t('agentContracts.popup.title')}
      size="md"
      data-testid="contracts-popup"
    >
      <p className={styles.intro}>{t('agentContracts.popup.intro')}</p>
      <ul className={styles.offers}>
        {offers.map((contract) => (
          <li
            key={contract.id}
            className={styles.offer}
            data-testid={`contract-offer-${contract.id}`}
          >
            <div className={styles.offerHead}>
              <span className={styles.offerKind}>{t(`agentContracts.kinds.${contract.kind}`)}</span>
              <span className={styles.offerFrom}>
                {t('agentContracts.popup.from', {
                  account: contract.upline?.account ?? t('agentContracts.house'),
                })}
              </span>
            </div>
            <ContractTerms contract={contract} currency={currency} />
            {confirming?.contract.id === contract.id ? (
              <div className={styles.warning} role="alert" data-testid="contract-end-warning">
                <strong>{t('agentContracts.popup.confirmTitle')}</strong>
                <p>{t('agentContracts.popup.confirmText', { count: confirming.count })}</p>
                <div className={styles.actions}>
                  <Button variant="ghost" onClick={() => setConfirming(null)}>
                    {t('agentContracts.offer.cancel')}
                  </Button>
                  <Button
                    variant="primary"
                    busy={answer.isPending}
                    onClick={() => answer.mutate({ contract, status: 'A', confirm: true })}
                    data-testid="contract-confirm-accept"
                  >
                    {t('agentContracts.popup.confirmAccept')}
                  </Button>
                </div>
              </div>
            ) : (
              <div className={styles.actions}>
                <Button
                  variant="ghost"
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ contract, status: 'R' })}
                  data-testid={`contract-reject-${contract.id}`}
                >
                  {t('agentContracts.popup.reject')}
                </Button>
                <Button
                  variant="primary"
                  busy={answer.isPending && answer.variables?.contract.id === contract.id}
                  onClick={() => answer.mutate({ contract, status: 'A' })}
                  data-testid={`contract-accept-${contract.id}`}
                >
                  {t('agentContracts.popup.accept')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <div className={`${styles.actions} ${styles.footer}`}>
        <Button variant="outline" onClick={() => setDismissed(true)}>
          {t('agentContracts.popup.later')}
        </Button>
      </div>
    </Dialog>
  );
}
