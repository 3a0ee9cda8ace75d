import type { RewardTicket, TicketDrawResult } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { GiftIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import { drawsQueryOptions, ticketsQueryOptions } from './api';
import { usePrizeText } from './prize-text';
import { TicketDialog } from './ticket-dialog';
import { VerifyDialog } from './verify-dialog';
import styles from './tickets.module.css';

export type TicketsAreaProps = {
  /** The brand's zone, for expiries and the history's times. */
  timeZone: string;
  /** A prize was paid: the balances shown elsewhere (the header's) are asked again. */
  onPrizePaid: () => void;
};

/**
 * The reward centre's tickets (docs/rewards.md "Tickets"): each unused red envelope, egg or
 * prize wheel ticket as a card that opens its dialog, and the tickets opened with a link to
 * verify each draw.
 */
export default function TicketsArea({ timeZone, onPrizePaid }: TicketsAreaProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const prizeText = usePrizeText();
  const tickets = useQuery(ticketsQueryOptions());
  const draws = useQuery(drawsQueryOptions());
  const [opened, setOpened] = useState<RewardTicket | null>(null);
  const [verifying, setVerifying] = useState<TicketDrawResult | null>(null);
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeZone });
  const dateTime = new Intl.DateTimeFormat(language, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  });
  const currency = tickets.data?.currency ?? '';

  return (
    <section className={styles.area} data-testid="tickets-area" aria-labelledby="tickets-title">
      <header>
        <h2 id="tickets-title" className={styles.areaTitle}>
          {t('rewardTickets.title')}
        </h2>
        <p className={styles.note}>{t('rewardTickets.subtitle')}</p>
      </header>
      {tickets.error ? (
        <p role="alert" className={styles.card}>
          {errorMessage(tickets.error, t)}
        </p>
      ) : !tickets.data ? (
        <Skeleton height={120} />
      ) : tickets.data.tickets.length === 0 ? (
        <EmptyState icon={<GiftIcon />} title={t('rewardTickets.none')}>
          {t('rewardTickets.noneHint')}
        </EmptyState>
      ) : (
        <ul className={styles.grid}>
          {tickets.data.tickets.map((ticket) => (
            <li key={ticket.id}>
              <button
                type="button"
                className={styles.ticket}
                data-kind={ticket.kind}
                data-testid="ticket-card"
                onClick={() => setOpened(ticket)}
              >
                <span className={styles.ticketIcon} data-kind={ticket.kind} aria-hidden="true" />
                <span className={styles.ticketKind}>{t(`rewardTickets.kinds.${ticket.kind}`)}</span>
                <span className={styles.ticketTitle}>{ticket.title}</span>
                <span className={styles.ticketExpiry}>
                  {ticket.expiresAt
                    ? t('rewardTickets.expires', { date: date.format(new Date(ticket.expiresAt)) })
                    : t('rewardTickets.noExpiry')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <h3 className={styles.historyTitle}>{t('rewardTickets.history')}</h3>
      {draws.data && draws.data.draws.length === 0 ? (
        <p className={styles.note}>{t('rewardTickets.noHistory')}</p>
      ) : (
        <ul className={styles.history} data-testid="ticket-history">
          {draws.data?.draws.map((draw) => (
            <li key={draw.ticketId}>
              <span className={styles.historyKind}>{t(`rewardTickets.kinds.${draw.kind}`)}</span>
              <span className={styles.historyPrize} data-kind={draw.prize.prizeKind}>
                {prizeText(draw.prize, draw.currency)}
              </span>
              <time className={styles.historyTime} dateTime={draw.drawnAt}>
                {dateTime.format(new Date(draw.drawnAt))}
              </time>
              <Button variant="ghost" size="sm" onClick={() => setVerifying(draw)}>
                {t('rewardTickets.verify')}
              </Button>
            </li>
          ))}
        </ul>
      )}

      {opened && (
        <TicketDialog
          ticket={opened}
          prizes={tickets.data?.tables.find((table) => table.kind === opened.kind)?.prizes ?? []}
          currency={currency}
          onRevealed={onPrizePaid}
          onClose={() => setOpened(null)}
          onVerify={(draw) => {
            setOpened(null);
            setVerifying(draw);
          }}
        />
      )}
      {verifying && <VerifyDialog draw={verifying} onClose={() => setVerifying(null)} />}
    </section>
  );
}
