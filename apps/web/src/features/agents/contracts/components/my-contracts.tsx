import type { Contract, ContractKind } from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { toast } from '@/stores/toast-store';
import {
  answerContract,
  contractsQueryKey,
  contractsQueryOptions,
  withdrawContract,
} from '../api/contracts';
import { ContractTerms } from './contract-terms';
import pageStyles from '../../components/agent-page.module.css';
import styles from './contracts.module.css';

/**
 * The agent's contracts of one kind: the one received from the upline (terminate) and those
 * given to direct downlines (withdraw an unanswered offer), each with its terms and status.
 */
export function MyContracts({ kind, currency }: { kind: ContractKind; currency: string }) {
  const { t } = useTranslation();
  const received = useQuery(contractsQueryOptions({ role: 'received', kind }));
  const given = useQuery(contractsQueryOptions({ role: 'given', kind }));
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<Contract | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: contractsQueryKey });
  const terminate = useMutation({
    mutationFn: (contract: Contract) => answerContract(contract, 'C'),
    onSuccess: () => {
      toast.success(t('agentContracts.records.terminated'));
      setEnding(null);
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const withdraw = useMutation({
    mutationFn: (contract: Contract) => withdrawContract(contract.id),
    onSuccess: refresh,
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  // What still matters: contracts in force or waiting, newest first (ended ones are history).
  const current = (list: Contract[] | undefined) =>
    (list ?? []).filter((c) => c.status === 'active' || c.status === 'pending');
  const mine = current(received.data?.list);
  const theirs = current(given.data?.list);

  return (
    <section className={pageStyles.panel} data-testid="my-contracts">
      <h2 className={pageStyles.panelTitle}>{t('agentContracts.records.myContracts')}</h2>
      {mine.length === 0 && theirs.length === 0 ? (
        <p className={pageStyles.subtitle}>{t('agentContracts.records.noContracts')}</p>
      ) : (
        <div className={styles.contracts}>
          {mine.map((contract) => (
            <ContractCard
              key={contract.id}
              contract={contract}
              currency={currency}
              party={t('agentContracts.records.fromUpline')}
              name={contract.upline?.account ?? t('agentContracts.house')}
              action={
                contract.status === 'active' ? (
                  <Button variant="ghost" size="sm" onClick={() => setEnding(contract)}>
                    {t('agentContracts.records.terminate')}
                  </Button>
                ) : null
              }
            />
          ))}
          {theirs.map((contract) => (
            <ContractCard
              key={contract.id}
              contract={contract}
              currency={currency}
              party={t('agentContracts.records.givenTo')}
              name={contract.downline.account}
              action={
                contract.status === 'pending' ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    busy={withdraw.isPending && withdraw.variables?.id === contract.id}
                    onClick={() => withdraw.mutate(contract)}
                  >
                    {t('agentContracts.records.withdraw')}
                  </Button>
                ) : null
              }
            />
          ))}
        </div>
      )}
      <Dialog
        open={ending !== null}
        onClose={() => setEnding(null)}
        title={t('agentContracts.records.terminate')}
        size="sm"
      >
        <p>{t('agentContracts.records.terminateConfirm')}</p>
        <div className={styles.actions}>
          <Button variant="ghost" onClick={() => setEnding(null)}>
            {t('agentContracts.offer.cancel')}
          </Button>
          <Button
            variant="primary"
            busy={terminate.isPending}
            onClick={() => ending && terminate.mutate(ending)}
            data-testid="terminate-confirm"
          >
            {t('agentContracts.records.terminate')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

function ContractCard({
  contract,
  currency,
  party,
  name,
  action,
}: {
  contract: Contract;
  currency: string;
  party: string;
  name: string;
  action: ReactNode;
}) {
  return (
    <article className={styles.contract} data-testid={`contract-${contract.id}`}>
      <div className={styles.contractHead}>
        <span>
          {party} <strong>{name}</strong>
        </span>
        <StatusBadge status={contract.status} />
      </div>
      <ContractTerms contract={contract} currency={currency} />
      {action ? <div className={styles.actions}>{action}</div> : null}
    </article>
  );
}

export function StatusBadge({ status }: { status: Contract['status'] }) {
  const { t } = useTranslation();
  const tone =
    status === 'active' ? styles.statusActive : status === 'pending' ? styles.statusPending : '';
  return (
    <span className={`${styles.status} ${tone}`} data-testid="contract-status">
      {t(`agentContracts.statuses.${status}`)}
    </span>
  );
}
