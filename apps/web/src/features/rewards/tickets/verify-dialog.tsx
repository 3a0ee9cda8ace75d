import type { TicketDrawResult } from '@banca/contracts';
import { sha256Hex, ticketDraw } from '@banca/contracts/fairness';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { CheckCircleIcon, AlertIcon } from '@/components/icons';
import { usePrizeText } from './prize-text';
import styles from './tickets.module.css';

/**
 * A draw checked in the browser (docs/fairness.md §4 "Tickets"): the revealed seed's SHA-256
 * against the hash shown before, and the roll and prize recomputed from the seeds and the
 * recorded table with the same functions the server uses — no server involved.
 */
export function VerifyDialog({ draw, onClose }: { draw: TicketDrawResult; onClose: () => void }) {
  const { t } = useTranslation();
  const prizeText = usePrizeText();
  const check = useMemo(() => {
    const hashMatches = sha256Hex(draw.serverSeed) === draw.serverSeedHash;
    const again = ticketDraw(
      { serverSeed: draw.serverSeed, clientSeed: draw.clientSeed, nonce: draw.nonce },
      draw.prizes.map((prize) => prize.weight),
    );
    const drawMatches = again.roll === draw.roll && again.prizeIndex === draw.prizeIndex;
    const rangeStart = draw.prizes
      .slice(0, draw.prizeIndex)
      .reduce((sum, prize) => sum + prize.weight, 0);
    return { hashMatches, drawMatches, rangeStart };
  }, [draw]);
  const rows: [string, string][] = [
    [t('rewardTickets.serverSeedHash'), draw.serverSeedHash],
    [t('rewardTickets.serverSeed'), draw.serverSeed],
    [t('rewardTickets.clientSeed'), draw.clientSeed],
    [t('rewardTickets.nonce'), String(draw.nonce)],
    [
      t('rewardTickets.roll'),
      t('rewardTickets.rollOf', { roll: draw.roll, total: draw.totalWeight }),
    ],
    [
      t('rewardTickets.prizeRange'),
      `${check.rangeStart} – ${check.rangeStart + draw.prize.weight - 1}: ${prizeText(draw.prize, draw.currency)}`,
    ],
  ];
  const Verdict = ({ ok, good, bad }: { ok: boolean; good: string; bad: string }) => (
    <p className={ok ? styles.verdictOk : styles.verdictBad}>
      {ok ? <CheckCircleIcon /> : <AlertIcon />}
      {ok ? good : bad}
    </p>
  );
  return (
    <Dialog open onClose={onClose} title={t('rewardTickets.verifyTitle')} size="wide">
      <div className={styles.verify} data-testid="ticket-verification">
        <p className={styles.note}>{t('rewardTickets.verifyIntro')}</p>
        <dl className={styles.verifyList}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <Verdict
          ok={check.hashMatches}
          good={t('rewardTickets.hashOk')}
          bad={t('rewardTickets.hashBad')}
        />
        <Verdict
          ok={check.drawMatches}
          good={t('rewardTickets.drawOk')}
          bad={t('rewardTickets.drawBad')}
        />
      </div>
    </Dialog>
  );
}
