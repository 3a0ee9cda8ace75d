import {
  crashPointE2,
  doubleColorOf,
  doubleSlot,
  fairFloats,
  hmacSha256,
  personalOutcome,
  previousGameHash,
  sha256Hex,
  toHex,
  utf8,
  PLINKO_RISKS,
  type PersonalBet,
  type PlinkoRisk,
} from '@banca/contracts/fairness';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatE2, formatMultiplier } from '../lib/format';
import styles from './house.module.css';

type Engine = 'dice' | 'limbo' | 'mines' | 'plinko' | 'crash' | 'double';
const ENGINES: Engine[] = ['dice', 'limbo', 'mines', 'plinko', 'crash', 'double'];

/**
 * The public verification page (issue 14 §3): seeds and nonce (or a game hash and salt) in,
 * the outcome recomputed here, in the browser, by the same functions the server uses
 * (@banca/contracts/fairness) — no request leaves the page. Links from "my bets" fill it in.
 */
export default function VerifyPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const get = (key: string, fallback: string) => params.get(key) ?? fallback;
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };
  const engine = (
    ENGINES.includes(get('engine', 'dice') as Engine) ? get('engine', 'dice') : 'dice'
  ) as Engine;
  const serverSeed = get('serverSeed', '');
  const clientSeed = get('clientSeed', '');
  const nonce = Number.parseInt(get('nonce', '0'), 10) || 0;
  const rtpBps =
    Number.parseInt(get('rtp', engine === 'crash' || engine === 'double' ? '9700' : '9900'), 10) ||
    9900;
  const [gameHash, setGameHash] = useState(get('hash', ''));
  const [salt, setSalt] = useState(get('salt', ''));

  const personal = useMemo(() => {
    if (engine === 'crash' || engine === 'double' || serverSeed === '') return null;
    const bet: PersonalBet =
      engine === 'dice'
        ? {
            engine,
            targetE2: Number(get('targetE2', '5000')),
            over: get('over', 'true') === 'true',
          }
        : engine === 'limbo'
          ? { engine, targetE2: Number(get('targetE2', '200')) }
          : engine === 'mines'
            ? { engine, mines: Math.min(24, Math.max(1, Number(get('mines', '3')))) }
            : {
                engine,
                rows: Math.min(16, Math.max(8, Number(get('rows', '8')))),
                risk: (PLINKO_RISKS.includes(get('risk', 'low') as PlinkoRisk)
                  ? get('risk', 'low')
                  : 'low') as PlinkoRisk,
              };
    const seeds = { serverSeed, clientSeed, nonce };
    return {
      commitment: sha256Hex(serverSeed),
      bytes: toHex(hmacSha256(utf8(serverSeed), utf8(`${clientSeed}:${nonce}:0`))),
      floats: fairFloats(
        seeds,
        Math.min(8, bet.engine === 'mines' ? bet.mines : bet.engine === 'plinko' ? bet.rows : 1),
      ),
      outcome: personalOutcome(seeds, bet, rtpBps) as Record<string, unknown>,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `params` holds every input
  }, [params, engine, serverSeed, clientSeed, nonce, rtpBps]);

  const hashValid = /^[0-9a-fA-F]{64}$/.test(gameHash);
  const shared =
    (engine === 'crash' || engine === 'double') && hashValid
      ? {
          previous: previousGameHash(gameHash.toLowerCase()),
          crash: crashPointE2(gameHash.toLowerCase(), salt, rtpBps),
          slot: doubleSlot(gameHash.toLowerCase(), salt),
        }
      : null;

  const input = (key: string, label: string, value: string, testId?: string) => (
    <label className={styles.field}>
      <span className={styles.label}>{label}</span>
      <input
        className={styles.input}
        value={value}
        data-testid={testId}
        onChange={(e) => set(key, e.target.value)}
      />
    </label>
  );

  return (
    <div className={styles.page} data-testid="house-verify">
      <div className={styles.card}>
        <h1 className={styles.title}>{t('house.verifier.title')}</h1>
        <p className={styles.note}>{t('house.verifier.subtitle')}</p>
        <div className={styles.formGrid}>
          <label className={styles.field}>
            <span className={styles.label}>{t('house.verifier.engine')}</span>
            <select
              className={styles.select}
              value={engine}
              data-testid="verify-engine"
              onChange={(e) => set('engine', e.target.value)}
            >
              {ENGINES.map((e) => (
                <option key={e} value={e}>
                  {e}
                </option>
              ))}
            </select>
          </label>
          {input('rtp', t('house.verifier.rtp'), String(rtpBps))}
          {engine === 'crash' || engine === 'double' ? (
            <>
              <label className={styles.field}>
                <span className={styles.label}>{t('house.verifier.gameHash')}</span>
                <input
                  className={styles.input}
                  value={gameHash}
                  onChange={(e) => setGameHash(e.target.value.trim())}
                />
              </label>
              <label className={styles.field}>
                <span className={styles.label}>{t('house.verifier.salt')}</span>
                <input
                  className={styles.input}
                  value={salt}
                  onChange={(e) => setSalt(e.target.value)}
                />
              </label>
            </>
          ) : (
            <>
              {input(
                'serverSeed',
                t('house.verifier.serverSeed'),
                serverSeed,
                'verify-server-seed',
              )}
              {input(
                'clientSeed',
                t('house.verifier.clientSeed'),
                clientSeed,
                'verify-client-seed',
              )}
              {input('nonce', t('house.verifier.nonce'), String(nonce), 'verify-nonce')}
              {engine === 'dice' && (
                <>
                  {input('targetE2', `${t('house.dice.target')} (×100)`, get('targetE2', '5000'))}
                  <label className={styles.field}>
                    <span className={styles.label}>
                      {t('house.dice.rollOver')} / {t('house.dice.rollUnder')}
                    </span>
                    <select
                      className={styles.select}
                      value={get('over', 'true')}
                      onChange={(e) => set('over', e.target.value)}
                    >
                      <option value="true">{t('house.dice.rollOver')}</option>
                      <option value="false">{t('house.dice.rollUnder')}</option>
                    </select>
                  </label>
                </>
              )}
              {engine === 'limbo' &&
                input('targetE2', `${t('house.limbo.target')} (×100)`, get('targetE2', '200'))}
              {engine === 'mines' && input('mines', t('house.mines.mines'), get('mines', '3'))}
              {engine === 'plinko' && (
                <>
                  {input('rows', t('house.plinko.rows'), get('rows', '8'))}
                  {input('risk', t('house.plinko.risk'), get('risk', 'low'))}
                </>
              )}
            </>
          )}
        </div>
      </div>
      {personal && (
        <div className={styles.card} data-testid="verify-outcome">
          <div className={styles.outcome}>
            <span className={styles.label}>{t('house.verifier.outcome')}</span>
            <span className={styles.outcomeBig} data-testid="verify-result">
              {engine === 'dice' && formatE2(Number(personal.outcome.rollE2), i18n.language)}
              {engine === 'limbo' &&
                formatMultiplier(Number(personal.outcome.resultE2) * 100, i18n.language)}
              {engine === 'mines' && (personal.outcome.mineTiles as number[]).join(', ')}
              {engine === 'plinko' &&
                t('house.verifier.slot', { slot: String(personal.outcome.slot) })}
            </span>
            {'multiplierE4' in personal.outcome && (
              <span>
                {t('house.multiplier')}:{' '}
                {formatMultiplier(Number(personal.outcome.multiplierE4), i18n.language, 4)}
              </span>
            )}
            {engine === 'mines' && <MiniBoard mines={personal.outcome.mineTiles as number[]} />}
            {engine === 'plinko' && (
              <span>
                {t('house.verifier.path')}: {(personal.outcome.path as number[]).join(', ')}
              </span>
            )}
          </div>
          <div className={styles.field}>
            <span className={styles.label}>{t('house.verifier.commitment')}</span>
            <span className={styles.mono} data-testid="verify-commitment">
              {personal.commitment}
            </span>
          </div>
          <div className={styles.field}>
            <span className={styles.label}>{t('house.verifier.bytes')}</span>
            <span className={styles.mono}>{personal.bytes}</span>
          </div>
          <div className={styles.field}>
            <span className={styles.label}>{t('house.verifier.floats')}</span>
            <span className={styles.mono}>{personal.floats.join(', ')}</span>
          </div>
        </div>
      )}
      {(engine === 'crash' || engine === 'double') && gameHash !== '' && !hashValid && (
        <p className={styles.note}>{t('house.verifier.invalidHash')}</p>
      )}
      {shared && (
        <div className={styles.card}>
          <div className={styles.outcome}>
            <span className={styles.outcomeBig}>
              {engine === 'crash'
                ? t('house.verifier.crashPoint', {
                    value: formatMultiplier(shared.crash * 100, i18n.language),
                  })
                : t('house.verifier.doubleSlot', {
                    slot: shared.slot,
                    color: t(`house.verifier.colors.${doubleColorOf(shared.slot)}`),
                  })}
            </span>
          </div>
          <div className={styles.field}>
            <span className={styles.label}>{t('house.verifier.previousHash')}</span>
            <span className={styles.mono}>{shared.previous}</span>
          </div>
        </div>
      )}
    </div>
  );
}

function MiniBoard({ mines }: { mines: number[] }) {
  return (
    <div className={styles.miniGrid}>
      {Array.from({ length: 25 }, (_, i) => (
        <span key={i} className={styles.miniTile} data-mine={mines.includes(i)} />
      ))}
    </div>
  );
}
