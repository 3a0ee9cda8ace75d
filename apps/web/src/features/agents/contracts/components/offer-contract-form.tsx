import {
  CONTRACT_KINDS,
  DIVIDEND_PERIODS,
  MAX_CONTRACT_TIERS,
  type ContractKind,
  type ContractOffer,
  type DividendPeriod,
} from '@banca/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormAlert, TextField } from '@/components/form-field';
import { emptyTier, parseTiers, type TierInput, type TierProblem } from '../lib/rates';
import styles from './contracts.module.css';

/** Most active members a contract may ask for (the server's bound). */
const MAX_ACTIVE_MEMBERS = 100_000;

/**
 * The terms of a contract for one downline: kind, period or window, minimum active members,
 * and the tiers (threshold → rate, each above the one before). The agent's offer dialog and
 * the console's house contract both use it; `onSubmit` sends it.
 */
export function OfferContractForm({
  downlineId,
  kinds,
  busy,
  error,
  onSubmit,
  extra,
  submitLabel,
}: {
  downlineId: number;
  /** The kinds the brand has switched on. */
  kinds: readonly ContractKind[];
  busy: boolean;
  error: string | null;
  onSubmit: (offer: ContractOffer) => void;
  /** More fields drawn before the button (the console's reason). */
  extra?: ReactNode;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ContractKind>(
    kinds.includes('realtime') ? 'realtime' : kinds[0]!,
  );
  const [computationPeriod, setComputationPeriod] = useState<DividendPeriod>('weekly');
  const [windowMinutes, setWindowMinutes] = useState<60 | 30>(60);
  const [minActive, setMinActive] = useState('0');
  const [tiers, setTiers] = useState<TierInput[]>([emptyTier()]);
  const [problem, setProblem] = useState<TierProblem | null>(null);

  const setTier = (index: number, field: keyof TierInput, value: string) => {
    setProblem(null);
    setTiers((all) => all.map((tier, i) => (i === index ? { ...tier, [field]: value } : tier)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseTiers(kind, tiers);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    const minActiveMembers = Math.min(MAX_ACTIVE_MEMBERS, Math.max(0, Number(minActive) || 0));
    const common = { downlineId, tiers: parsed.tiers };
    onSubmit(
      kind === 'dividend'
        ? { kind, ...common, productType: 'ALL', computationPeriod, minActiveMembers }
        : kind === 'daily'
          ? { kind, ...common, minActiveMembers }
          : kind === 'hourly'
            ? { kind, ...common, windowMinutes, minActiveMembers }
            : { kind, ...common },
    );
  };

  const problemText = (index: number, field: keyof TierInput) =>
    problem && problem.index === index && problem.field === field
      ? t(`agentContracts.problems.${problem.key}`)
      : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="offer-contract-form">
      <fieldset className={styles.kinds}>
        <legend className="field__label">{t('agentContracts.fields.kind')}</legend>
        {CONTRACT_KINDS.filter((k) => kinds.includes(k)).map((k) => (
          <label key={k} className={`${styles.kind} ${k === kind ? styles.kindActive : ''}`}>
            <input
              type="radio"
              name="kind"
              value={k}
              checked={k === kind}
              onChange={() => {
                setKind(k);
                setProblem(null);
              }}
              data-testid={`offer-kind-${k}`}
            />
            <span className={styles.kindName}>{t(`agentContracts.kinds.${k}`)}</span>
            <span className={styles.kindHint}>{t(`agentContracts.kindHints.${k}`)}</span>
          </label>
        ))}
      </fieldset>

      <div className={styles.row}>
        {kind === 'dividend' ? (
          <label className="field">
            <span className="field__label">{t('agentContracts.fields.computationPeriod')}</span>
            <select
              className="field__input"
              value={computationPeriod}
              onChange={(e) => setComputationPeriod(e.target.value as DividendPeriod)}
              data-testid="offer-period"
            >
              {DIVIDEND_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`agentContracts.periods.${p}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {kind === 'hourly' ? (
          <label className="field">
            <span className="field__label">{t('agentContracts.fields.window')}</span>
            <select
              className="field__input"
              value={windowMinutes}
              onChange={(e) => setWindowMinutes(Number(e.target.value) === 30 ? 30 : 60)}
              data-testid="offer-window"
            >
              <option value={60}>{t('agentContracts.windows.hour')}</option>
              <option value={30}>{t('agentContracts.windows.halfHour')}</option>
            </select>
          </label>
        ) : null}
        {kind !== 'realtime' ? (
          <TextField
            label={t('agentContracts.fields.minActiveMembers')}
            inputMode="numeric"
            value={minActive}
            onChange={(e) => setMinActive(e.target.value.replace(/\D/g, '').slice(0, 6))}
            data-testid="offer-min-active"
          />
        ) : null}
      </div>

      <fieldset className={styles.tierList}>
        <legend className="field__label">{t('agentContracts.fields.tiers')}</legend>
        {tiers.map((tier, index) => (
          <div key={index} className={styles.tier} data-testid={`offer-tier-${index}`}>
            <span className={styles.tierLevel}>
              {t('agentContracts.fields.level', { n: index + 1 })}
            </span>
            <TextField
              label={t(`agentContracts.thresholds.${kind}`)}
              inputMode="decimal"
              placeholder="0,00"
              value={tier.threshold}
              error={problemText(index, 'threshold')}
              onChange={(e) => setTier(index, 'threshold', e.target.value)}
              data-testid={`offer-threshold-${index}`}
            />
            <TextField
              label={t(
                kind === 'realtime'
                  ? 'agentContracts.fields.profitRate'
                  : 'agentContracts.fields.rate',
              )}
              inputMode="decimal"
              placeholder="0,50"
              value={tier.rate}
              error={problemText(index, 'rate')}
              onChange={(e) => setTier(index, 'rate', e.target.value)}
              data-testid={`offer-rate-${index}`}
            />
            {kind === 'realtime' ? (
              <TextField
                label={t('agentContracts.fields.lossRate')}
                inputMode="decimal"
                placeholder="0,30"
                value={tier.lossRate}
                error={problemText(index, 'lossRate')}
                onChange={(e) => setTier(index, 'lossRate', e.target.value)}
                data-testid={`offer-loss-rate-${index}`}
              />
            ) : null}
            {tiers.length > 1 ? (
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('agentContracts.offer.removeTier', { n: index + 1 })}
                onClick={() => setTiers((all) => all.filter((_, i) => i !== index))}
              >
                ×
              </Button>
            ) : null}
          </div>
        ))}
        {tiers.length < MAX_CONTRACT_TIERS ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setTiers((all) => [...all, emptyTier()])}
            data-testid="offer-add-tier"
          >
            {t('agentContracts.offer.addTier')}
          </Button>
        ) : null}
      </fieldset>
      {extra}
      {error ? (
        <FormAlert data-testid="offer-error">
          <p>{error}</p>
        </FormAlert>
      ) : null}
      <Button type="submit" variant="primary" busy={busy} data-testid="offer-submit">
        {submitLabel}
      </Button>
    </form>
  );
}
