import { formatMoney, type RealtimeEventFrame } from '@banca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { applySupportEvent, refreshSupportChat } from '@/features/content/support';
import { applyInboxEvent, refreshInbox } from '@/features/messages';
import { refreshPromotions } from '@/features/rewards';
import { refreshMissions } from '@/features/rewards/missions';
import { refreshTickets } from '@/features/rewards/tickets';
import { refreshVip } from '@/features/rewards/vip';
import { realtimeChunk, sharedHub } from '@/features/realtime';
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
      // Money from the member's upline agent or from a downline (docs/agents.md "Transfers").
      case 'AGENT_TRANSFER_AGENT_TO_DOWNLINE':
      case 'AGENT_TRANSFER_DOWNLINE_TO_AGENT':
        void refreshBalances(queryClient);
        void queryClient.invalidateQueries({ queryKey: ['agents'] });
        toast.success(
          t('live.agentTransfer', {
            amount: money(frame.data.amountMinor, frame.data.currency),
            sender: frame.data.sender,
          }),
        );
        return;
      // A promotion reward ready, issued or claimed; an application decided (rewards module).
      // The member's VIP level changed (rewards module, docs/loyalty.md): card and balance reload.
      case 'VIP_LEVEL':
        void refreshVip(queryClient);
        void refreshBalances(queryClient);
        toast.success(t('live.vipLevel', { name: frame.data.name }));
        return;
      // A mission became claimable (docs/missions.md): the badge and the missions list read again.
      case 'MISSION': {
        void refreshMissions(queryClient);
        const titles = frame.data.titles;
        const title = titles[currentLanguage()] || titles['pt-BR'] || Object.values(titles)[0];
        toast.success(t('live.missionClaimable', { title: title ?? '' }));
        return;
      }
      // Reward tickets arrived (docs/rewards.md "Tickets"): the reward centre's list reads again.
      case 'TICKET': {
        void refreshTickets(queryClient);
        const titles = frame.data.titles;
        const title = titles[currentLanguage()] || titles['pt-BR'] || Object.values(titles)[0];
        toast.success(t('live.ticketArrived', { count: frame.data.count, title: title ?? '' }));
        return;
      }
      case 'PROMOTION_CLAIM':
        void refreshPromotions(queryClient);
        if (frame.data.status === 'claim') toast.info(t('live.promotionReady'));
        else {
          void refreshBalances(queryClient);
          if (frame.data.amountMinor !== null && frame.data.status === 'issued')
            toast.success(
              t('live.promotionIssued', {
                amount: money(frame.data.amountMinor, frame.data.currency),
              }),
            );
        }
        return;
      case 'MANUAL_PROMO':
        void refreshPromotions(queryClient);
        void refreshBalances(queryClient);
        if (frame.data.status === 'approved') toast.success(t('live.applicationApproved'));
        else toast.info(t('live.applicationRejected', { reason: frame.data.reason ?? '' }));
        return;
      // Support answered or closed the member's chat (docs/support.md): the badge and the chat.
      case 'SUPPORT':
        void applySupportEvent(queryClient, frame.data.unread);
        return;
    }
  };

  useEffect(() => {
    if (!active || !realtime || !token) return;
    // The page's one socket: topics a page follows share it, with or without this session.
    const hub = sharedHub(realtime);
    hub.setMember({
      token,
      onEvent: (frame) => onEvent.current(frame),
      onResync: () => {
        void refreshBalances(queryClient);
        void refreshInbox(queryClient);
        void refreshSupportChat(queryClient);
      },
      // The session was ended elsewhere: the next call finds out and logs this tab out.
      onSessionRefused: () => void refreshBalances(queryClient),
    });
    return () => hub.setMember(null);
  }, [active, realtime, token, queryClient]);

  return null;
}
