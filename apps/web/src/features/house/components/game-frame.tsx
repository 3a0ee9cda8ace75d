import type { HouseGame } from '@banca/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setSoundEnabled, soundEnabled } from '../lib/sound';
import { formatRtp, money } from '../lib/format';
import { ShieldCheckIcon, SpeakerOffIcon, SpeakerOnIcon } from './house-icons';
import styles from './house.module.css';

/** The page around a game: its name, RTP and limits (shown before play), sound, fairness. */
export function GameFrame(props: {
  game: HouseGame;
  name: string;
  currency: string;
  panel: ReactNode;
  stage: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [sound, setSound] = useState(soundEnabled);
  const { game, currency } = props;
  const language = i18n.language;
  return (
    <div className={styles.page} data-testid="house-game" data-engine={game.engine}>
      <div className={styles.topBar}>
        <h1 className={styles.title}>
          {props.name}
          <span className={styles.badge} data-testid="house-rtp">
            {t('house.rtp', { value: formatRtp(game.rtpBps, language) })}
          </span>
        </h1>
        <span className={styles.limits}>
          {t('house.limits', {
            min: money(game.minBetMinor, currency, language),
            max: money(game.maxBetMinor, currency, language),
            maxPayout: money(game.maxPayoutMinor, currency, language),
          })}
        </span>
        <span className={styles.spacer} />
        <button
          type="button"
          className={styles.iconButton}
          aria-pressed={sound}
          aria-label={sound ? t('house.soundOff') : t('house.soundOn')}
          onClick={() => {
            setSoundEnabled(!sound);
            setSound(!sound);
          }}
        >
          {sound ? <SpeakerOnIcon width={18} /> : <SpeakerOffIcon width={18} />} {t('house.sound')}
        </button>
        <Link className={styles.iconButton} to="/originals/fairness">
          <ShieldCheckIcon width={18} /> {t('house.fairness')}
        </Link>
      </div>
      <div className={styles.table}>
        <div className={styles.panel}>{props.panel}</div>
        <div className={styles.stage}>{props.stage}</div>
      </div>
    </div>
  );
}

/** The amount field with ½, 2×, min and max. */
export function AmountField(props: {
  amount: {
    text: string;
    setText: (v: string) => void;
    valid: boolean;
    half: () => void;
    double: () => void;
    min: () => void;
    max: () => void;
  };
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { amount } = props;
  return (
    <label className={styles.field}>
      <span className={styles.label}>{t('house.amount')}</span>
      <span className={styles.inputRow}>
        <input
          className={styles.input}
          inputMode="decimal"
          value={amount.text}
          disabled={props.disabled}
          aria-invalid={!amount.valid}
          data-testid="house-amount"
          onChange={(event) => amount.setText(event.target.value)}
        />
        <button
          type="button"
          className={styles.chip}
          disabled={props.disabled}
          onClick={amount.half}
        >
          {t('house.half')}
        </button>
        <button
          type="button"
          className={styles.chip}
          disabled={props.disabled}
          onClick={amount.double}
        >
          {t('house.double')}
        </button>
      </span>
    </label>
  );
}
