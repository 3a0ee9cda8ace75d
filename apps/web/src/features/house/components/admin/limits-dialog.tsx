import { HOUSE_ADMIN_ENDPOINTS as E } from '@banca/contracts/house-admin';
import { pathOf } from '@banca/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRequest } from '@/api/admin-client';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormAlert, TextField } from '@/components/form-field';
import { currentLanguage } from '@/i18n';
import { amountInputToMinor, minorToAmountInput } from '@/lib/amount';
import { toast } from '@/stores/toast-store';
import styles from '../house.module.css';

export type LimitsRow = {
  gameCode: string;
  engine: string;
  minBetMinor: number;
  maxBetMinor: number;
  maxPayoutMinor: number;
  maxRoundPayoutMinor: number;
  currency: string;
};
const FIELDS = ['minBetMinor', 'maxBetMinor', 'maxPayoutMinor', 'maxRoundPayoutMinor'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, 'minBet' | 'maxBet' | 'maxPayout' | 'maxRoundPayout'> = {
  minBetMinor: 'minBet',
  maxBetMinor: 'maxBet',
  maxPayoutMinor: 'maxPayout',
  maxRoundPayoutMinor: 'maxRoundPayout',
};

/**
 * A game's limits (owner and risk): bets, max payout per bet and, for crash, the round's payout
 * limit (docs/house.md "Round limit"). The server checks them together and audits the change.
 */
export function LimitsDialog(props: { row: LimitsRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { row } = props;
  const fields = FIELDS.filter((f) => f !== 'maxRoundPayoutMinor' || row.engine === 'crash');
  const [values, setValues] = useState(() =>
    Object.fromEntries(fields.map((f) => [f, minorToAmountInput(row[f], language)])),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const parsed = Object.fromEntries(fields.map((f) => [f, amountInputToMinor(values[f] ?? '')]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (fields.some((f) => parsed[f] === null)) return;
    const body = Object.fromEntries(
      fields.filter((f) => parsed[f] !== row[f]).map((f) => [f, parsed[f]]),
    );
    if (Object.keys(body).length === 0) return props.onClose();
    setBusy(true);
    setError(null);
    try {
      await adminRequest(
        { method: 'PUT', path: pathOf(E.updateGame, { gameCode: row.gameCode }) },
        { body },
      );
      toast.success(t('admin.house.saved'));
      props.onDone();
      props.onClose();
    } catch (failure) {
      setError(errorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={props.onClose}
      title={t('admin.house.editTitle', { game: row.gameCode })}
      size="sm"
      data-testid="house-limits-dialog"
    >
      <form className={styles.limitsForm} onSubmit={(event) => void submit(event)} noValidate>
        {error ? <FormAlert>{error}</FormAlert> : null}
        {fields.map((field) => (
          <TextField
            key={field}
            label={t(`admin.house.${LABELS[field]}`)}
            prefix={row.currency === 'BRL' ? 'R$' : row.currency}
            inputMode="decimal"
            value={values[field] ?? ''}
            onChange={(e) => setValues({ ...values, [field]: e.target.value })}
            hint={field === 'maxRoundPayoutMinor' ? t('admin.house.roundLimitHelp') : undefined}
            error={parsed[field] === null ? t('admin.house.limitsRule') : null}
            data-testid={`house-limit-${field}`}
          />
        ))}
        <p className={styles.hint}>{t('admin.house.limitsRule')}</p>
        <div className={styles.inputRow}>
          <Button type="submit" busy={busy} data-testid="house-limits-save">
            {t('admin.house.save')}
          </Button>
          <Button type="button" variant="ghost" onClick={props.onClose}>
            {t('admin.house.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
