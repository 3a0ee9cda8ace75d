import type { ReferralSettings } from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Checkbox, FormAlert, TextField } from '@/components/form-field';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import type { DeskProps } from '@/lib/admin-desks';
import { amountInputToMinor, minorToAmountInput } from '@/lib/amount';
import { toast } from '@/stores/toast-store';
import { ADMIN_REFERRAL_KEY, fetchReferralSettings, saveReferralSettings } from './api';
import styles from './referral-desk.module.css';

const DEFAULT_BRAND = 'BANCA';
/** A minimum may be nothing: blank or zero is 0, anything else must read as an amount. */
const minimumOf = (raw: string) => (/^[\s0.,]*$/.test(raw) ? 0 : amountInputToMinor(raw));

/**
 * The referrals desk (docs/missions.md "Console"): a brand's invite-a-friend rules — the first
 * deposit and turnover a friend needs, the referrer's reward, the same-address rule. Each save
 * is audited by the server; owners and content edit.
 */
export default function ReferralDesk({ operator }: DeskProps) {
  const { t } = useTranslation();
  const [merchantCode, setMerchantCode] = useState(DEFAULT_BRAND);
  const settings = useQuery({
    queryKey: [...ADMIN_REFERRAL_KEY, merchantCode],
    queryFn: ({ signal }) => fetchReferralSettings(merchantCode, signal),
  });
  const canEdit = operator.roles.some((r) => r === 'owner' || r === 'content');
  return (
    <div className={styles.desk} data-testid="referral-desk">
      <h2 className={styles.title}>{t('referral.desk.title')}</h2>
      <label className={styles.brand}>
        <span>{t('referral.desk.brand')}</span>
        <input
          value={merchantCode}
          onChange={(event) => setMerchantCode(event.target.value.toUpperCase())}
          maxLength={32}
        />
      </label>
      {settings.error ? (
        <FormAlert>{errorMessage(settings.error, t)}</FormAlert>
      ) : !settings.data ? (
        <Skeleton height={240} />
      ) : (
        <SettingsForm
          key={`${merchantCode}-${settings.dataUpdatedAt}`}
          merchantCode={merchantCode}
          initial={settings.data}
          canEdit={canEdit}
        />
      )}
    </div>
  );
}

function SettingsForm({
  merchantCode,
  initial,
  canEdit,
}: {
  merchantCode: string;
  initial: ReferralSettings;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const language = useLanguage();
  const moneyText = (minor: number) => minorToAmountInput(minor, language);
  const [enabled, setEnabled] = useState(initial.enabled);
  const [minDeposit, setMinDeposit] = useState(moneyText(initial.minDepositMinor));
  const [minTurnover, setMinTurnover] = useState(moneyText(initial.minTurnoverMinor));
  const [rewardKind, setRewardKind] = useState(initial.rewardKind);
  const [reward, setReward] = useState(
    rewardKind === 'points' ? String(initial.rewardMinor) : moneyText(initial.rewardMinor),
  );
  const [wagering, setWagering] = useState(String(initial.wageringMultiple));
  const [blockSameIp, setBlockSameIp] = useState(initial.blockSameIp);
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (body: ReferralSettings) => saveReferralSettings(merchantCode, body),
    onSuccess: () => {
      toast.success(t('referral.desk.saved'));
      void queryClient.invalidateQueries({ queryKey: ADMIN_REFERRAL_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const deposit = minimumOf(minDeposit);
    const turnover = minimumOf(minTurnover);
    const amount = rewardKind === 'points' ? Number(reward) : minimumOf(reward);
    const ok = deposit !== null && turnover !== null && amount !== null && Number.isInteger(amount);
    setInvalid(!ok);
    if (!ok) return;
    save.mutate({
      enabled,
      minDepositMinor: deposit,
      minTurnoverMinor: turnover,
      rewardKind,
      rewardMinor: amount,
      wageringMultiple: rewardKind === 'bonus' ? Number(wagering) || 0 : 0,
      blockSameIp,
    });
  };
  return (
    <form className={styles.form} onSubmit={submit}>
      <fieldset disabled={!canEdit} className={styles.fields}>
        <Checkbox
          className={styles.wide}
          label={t('referral.desk.enabled')}
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          data-testid="referral-enabled"
        />
        <TextField
          label={t('referral.desk.minDeposit')}
          value={minDeposit}
          onChange={(e) => setMinDeposit(e.target.value)}
          inputMode="decimal"
          data-testid="referral-min-deposit"
        />
        <TextField
          label={t('referral.desk.minTurnover')}
          value={minTurnover}
          onChange={(e) => setMinTurnover(e.target.value)}
          inputMode="decimal"
          data-testid="referral-min-turnover"
        />
        <label className={styles.select}>
          <span>{t('referral.desk.rewardKind')}</span>
          <select
            value={rewardKind}
            onChange={(e) => setRewardKind(e.target.value as ReferralSettings['rewardKind'])}
          >
            {(['cash', 'bonus', 'points'] as const).map((kind) => (
              <option key={kind} value={kind}>
                {t(`missions.desk.rewardKinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={t('referral.desk.rewardAmount')}
          value={reward}
          onChange={(e) => setReward(e.target.value)}
          inputMode="decimal"
          data-testid="referral-reward"
        />
        {rewardKind === 'bonus' ? (
          <TextField
            label={t('referral.desk.wagering')}
            value={wagering}
            onChange={(e) => setWagering(e.target.value)}
            inputMode="numeric"
          />
        ) : null}
        <Checkbox
          className={styles.wide}
          label={t('referral.desk.blockSameIp')}
          checked={blockSameIp}
          onChange={(e) => setBlockSameIp(e.target.checked)}
        />
        <p className={styles.note}>{t('referral.desk.blockNote')}</p>
      </fieldset>
      {invalid ? <FormAlert>{t('missions.desk.invalid')}</FormAlert> : null}
      {save.error ? <FormAlert>{errorMessage(save.error, t)}</FormAlert> : null}
      {canEdit ? (
        <div>
          <Button type="submit" disabled={save.isPending} data-testid="referral-save">
            {t('referral.desk.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
