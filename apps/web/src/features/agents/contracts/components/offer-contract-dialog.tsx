import { CONTRACT_KINDS, type ContractKind } from '@banca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { toast } from '@/stores/toast-store';
import { contractsQueryKey, offerContract } from '../api/contracts';
import { OfferContractForm } from './offer-contract-form';
import styles from './contracts.module.css';

/**
 * "Offer contract" on a direct downline's row (downlineManagmentView): the button and its
 * dialog. `kinds`: the kinds the brand has switched on (app/ knows the whitelabel keys:
 * lib/modules.ts pairs them); a kind switched off is refused by the server anyway.
 */
export function OfferContractButton({
  downline,
  kinds = CONTRACT_KINDS,
}: {
  downline: { id: number; account: string };
  kinds?: readonly ContractKind[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const offer = useMutation({
    mutationFn: offerContract,
    onSuccess: () => {
      toast.success(t('agentContracts.offer.sent', { account: downline.account }));
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: contractsQueryKey });
    },
  });
  if (kinds.length === 0) return null;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          offer.reset();
          setOpen(true);
        }}
        data-testid={`offer-contract-${downline.id}`}
      >
        {t('agentContracts.offer.open')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('agentContracts.offer.title', { account: downline.account })}
        size="md"
        data-testid="offer-contract-dialog"
      >
        <p className={styles.intro}>{t('agentContracts.offer.intro')}</p>
        <OfferContractForm
          downlineId={downline.id}
          kinds={kinds}
          busy={offer.isPending}
          error={offer.error ? errorMessage(offer.error, t) : null}
          onSubmit={(body) => offer.mutate(body)}
          submitLabel={t('agentContracts.offer.submit')}
        />
      </Dialog>
    </>
  );
}
