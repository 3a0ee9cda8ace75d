import type { RewardTicket, TicketDrawResult, TicketPrize } from '@banca/contracts';
import { prizeChance } from '@banca/contracts/fairness';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-field';
import { useLanguage } from '@/i18n';
import { drawsQueryKey, drawTicket, ticketsQueryKey } from './api';
import { usePrizeText } from './prize-text';
import { TicketArt, type ArtPhase } from './ticket-art';
import styles from './tickets.module.css';

/**
 * One ticket opened: the ticket drawn large with its button; the server draws, the animation
 * plays to the server's result (the wheel stops on the drawn segment), then the prize shows,
 * the balance and the lists refresh, and the draw can be verified.
 */
export function TicketDialog({
  ticket,
  prizes,
  currency,
  onRevealed,
  onClose,
  onVerify,
}: {
  ticket: RewardTicket;
  prizes: TicketPrize[];
  currency: string;
  /** The prize is shown (and paid): balances elsewhere refresh. */
  onRevealed: () => void;
  onClose: () => void;
  onVerify: (draw: TicketDrawResult) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const prizeText = usePrizeText();
  const language = useLanguage();
  const [phase, setPhase] = useState<ArtPhase>('idle');
  const draw = useMutation({
    mutationFn: () => drawTicket(ticket.id),
    onSuccess: () => setPhase('playing'),
    onError: () => void queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
  const result = draw.data ?? null;
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 });
  const weights = prizes.map((prize) => prize.weight);
  const chanceOf = (prize: TicketPrize) => prizeChance(prize.weight, weights);

  function reveal() {
    setPhase('revealed');
    void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
    void queryClient.invalidateQueries({ queryKey: drawsQueryKey });
    onRevealed();
  }

  const won = result && result.prize.prizeKind !== 'nothing';
  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={phase !== 'playing'}
      title={t(`rewardTickets.kinds.${ticket.kind}`)}
      size="md"
    >
      <div className={styles.dialogBody} data-testid="ticket-dialog" data-phase={phase}>
        <p className={styles.dialogTitle}>{ticket.title}</p>
        <div className={styles.stage}>
          <TicketArt
            kind={ticket.kind}
            prizes={result?.prizes ?? prizes}
            labelOf={(prize) => prizeText(prize, currency)}
            phase={phase}
            draw={result}
            onSettled={reveal}
          />
          {phase === 'revealed' && result && (
            <div className={styles.reveal} data-testid="ticket-prize" aria-live="polite">
              <span className={styles.revealLabel}>
                {won ? t('rewardTickets.won') : t('rewardTickets.nothing')}
              </span>
              <strong className={styles.revealValue} data-kind={result.prize.prizeKind}>
                {prizeText(result.prize, currency)}
              </strong>
              <span className={styles.revealNote}>
                {won ? t('rewardTickets.credited') : t('rewardTickets.nothingHint')}
              </span>
            </div>
          )}
        </div>
        {phase === 'idle' && (
          <div className={styles.chances}>
            <span className={styles.chancesTitle}>{t('rewardTickets.chances')}</span>
            <ul>
              {prizes.map((prize, i) => (
                <li key={i}>
                  <span>{prizeText(prize, currency)}</span>
                  <span className={styles.chance}>{percent.format(chanceOf(prize))}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        {draw.error && <FormAlert>{errorMessage(draw.error, t)}</FormAlert>}
        {phase === 'revealed' && result ? (
          <div className={styles.dialogActions}>
            <Button variant="outline" onClick={() => onVerify(result)} data-testid="ticket-verify">
              {t('rewardTickets.verify')}
            </Button>
            <Button onClick={onClose} data-testid="ticket-done">
              {t('rewardTickets.done')}
            </Button>
          </div>
        ) : (
          <Button
            size="lg"
            block
            disabled={draw.isPending || phase === 'playing' || draw.isError}
            onClick={() => draw.mutate()}
            data-testid="ticket-draw"
          >
            {draw.isPending || phase === 'playing'
              ? t('rewardTickets.drawing')
              : t(`rewardTickets.open.${ticket.kind}`)}
          </Button>
        )}
        <p className={styles.commitment}>
          {t('rewardTickets.commitment', { hash: ticket.serverSeedHash })}
        </p>
      </div>
    </Dialog>
  );
}
