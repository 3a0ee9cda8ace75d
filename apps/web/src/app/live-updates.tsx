import { formatMoney, type RealtimeEventFrame } from '@banca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { applyInboxEvent, refreshInbox } from '@/features/messages';
import { realtimeChunk, realtimeUrl } from '@/features/realtime';
import { refreshBalances } from '@/features/wallet';
import { currentLanguage } from '@/i18n';
import { useLazyModule } from '@/lib/use-lazy-module';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';

/**
 * The logged-in member's live updates (docs/realtime.md): the socket client (a split chunk) runs
 * while a real member is logged in and stops at logout. Money events refresh the header balance,
 * a credited deposit shows a toast, INBOX moves the inbox badge. Trial members have no deposits
 * or inbox: no socket.
 */
export function LiveUpdates() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSessionStore((session) => session.token);
  const active = useSessionStore(
    (session) => session.status === 'loggedIn' && !session.isTrial && session.token !== null,
  );
  const realtime = useLazyModule(realtimeChunk, active).module;

  // The latest translations without reconnecting when the language changes.
  const onEvent = useRef<(frame: RealtimeEventFrame) => void>(() => undefined);
  onEvent.current = (frame) => {
    const money = (minor: number, currency: string) =>
      formatMoney(minor, currency, currentLanguage());
    switch (frame.type) {
      case 'DEPOSIT': {
        void refreshBalances(queryClient);
        const amount = money(frame.data.amountMinor, frame.data.currency);
        if (frame.data.success) toast.success(t('live.depositCredited', { amount }));
        else toast.error(t('live.depositFailed', { amount }));
        return;
      }
      case 'WITHDRAW':
        void refreshBalances(queryClient);
        if (frame.data.status === 'rejected')
          toast.info(
            t('live.withdrawalRejected', {
              amount: money(frame.data.amountMinor, frame.data.currency),
            }),
          );
        return;
      case 'PAYMENT_CONFIRMATION':
        toast.info(
          t('live.paymentSent', { amount: money(frame.data.amountMinor, frame.data.currency) }),
        );
        return;
      case 'INBOX':
        void applyInboxEvent(queryClient, frame.data.unread);
        return;
    }
  };

  useEffect(() => {
    if (!active || !realtime || !token) return;
    const connection = realtime.createRealtimeConnection({
      url: realtimeUrl(),
      token,
      language: currentLanguage,
      onEvent: (frame) => onEvent.current(frame),
      onResync: () => {
        void refreshBalances(queryClient);
        void refreshInbox(queryClient);
      },
      // The session was ended elsewhere: the next call finds out and logs this tab out.
      onSessionRefused: () => void refreshBalances(queryClient),
    });
    // Back online, or the tab shown again: do not wait out the back-off.
    const nudge = () => {
      if (document.visibilityState === 'visible') connection.nudge();
    };
    window.addEventListener('online', nudge);
    document.addEventListener('visibilitychange', nudge);
    return () => {
      window.removeEventListener('online', nudge);
      document.removeEventListener('visibilitychange', nudge);
      connection.stop();
    };
  }, [active, realtime, token, queryClient]);

  return null;
}
