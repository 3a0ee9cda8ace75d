import { isModuleEnabled, ModuleId } from '@banca/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Toaster } from '@/components/toaster';
import { AuthDialogHost, memberIconQueryOptions } from '@/features/auth';
import { HelpDialog } from '@/features/content';
import { HomePage } from '@/features/lobby';
import { inboxBadgeChunk, MessagesArea } from '@/features/messages';
import type { MemberCentreProps } from '@/features/member/components/member-centre-page';
import { memberPageAllowsTrial } from '@/features/member/lib/member-pages';
import { DepositArea, IdentityArea, WithdrawArea } from '@/features/payments';
import { BonusDetailsArea, RewardCenterArea } from '@/features/rewards/bonus';
import { ManualRebateArea } from '@/features/rewards/cashback';
import { MissionBadge, MissionsArea } from '@/features/rewards/missions';
import { ReferralArea } from '@/features/rewards/referral';
import { VipCardArea } from '@/features/rewards/vip';
import { TicketsArea } from '@/features/rewards/tickets';
import { NoticeDialog } from '@/features/shell';
import { useSystemInfo } from '@/features/system';
import {
  BetHistoryArea,
  ProfitArea,
  TransactionHistoryArea,
  refreshBalances,
  TransferFundArea,
} from '@/features/wallet';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { useLazyModule } from '@/lib/use-lazy-module';
import { useSessionStore } from '@/stores/session-store';
import { RequireMember } from './guards/require-member';
import { LiveUpdates } from './live-updates';
import { ScrollToTop } from './scroll-to-top';

/**
 * Every route renders under this: scroll-to-top on navigation, the account dialogs (over any
 * layout, so the agent pages have them too) and the toasts.
 */
export function RootRoute() {
  const info = useSystemInfo();
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <AuthDialogHost info={info} />
      <LiveUpdates />
      <Toaster />
    </>
  );
}

export type HomeDialog = 'login' | 'register' | 'help';

/** Where a registration link's referral code may come from (docs/product.md §2: query, or navigation state). */
function referralCodeOf(params: URLSearchParams, state: unknown): string | undefined {
  const fromQuery = params.get('referralCode');
  if (fromQuery) return fromQuery;
  const fromState = (state as { referralCode?: unknown } | null)?.referralCode;
  return typeof fromState === 'string' && fromState ? fromState : undefined;
}

/** A guard's redirect to /login carries the page asked for, to return to after logging in. */
function fromOf(state: unknown): string | undefined {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)
    ?.from;
  if (!from || typeof from.pathname !== 'string') return undefined;
  return `${from.pathname}${typeof from.search === 'string' ? from.search : ''}${typeof from.hash === 'string' ? from.hash : ''}`;
}

/**
 * Home, optionally with a dialog over it: /login, /register (`?referralCode=` or the
 * navigation state's referralCode pre-fills the form), /help (`#term` opens that topic).
 * Dismissing the login or register dialog returns to plain home (see the auth dialogs).
 */
export function HomeRoute({ dialog }: { dialog?: HomeDialog }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const referralCode = referralCodeOf(params, location.state);
  const from = fromOf(location.state);
  const isLoggedIn = useSessionStore((session) => session.isLoggedIn);
  // The notice strip on home opens the same notice dialog as the header's bell.
  const [noticesOpen, setNoticesOpen] = useState(false);

  useEffect(() => {
    // A member who follows a /login or /register link is already where it leads (and one who
    // just registered from a /register invite link must not get the form again).
    if (dialog === 'login' && !isLoggedIn) openAuthDialog({ kind: 'login', from });
    else if (dialog === 'register' && !isLoggedIn)
      openAuthDialog({ kind: 'register', referralCode });
  }, [dialog, from, referralCode, isLoggedIn]);

  return (
    <>
      <HomePage onOpenNotices={() => setNoticesOpen(true)} />
      <NoticeDialog open={noticesOpen} onClose={() => setNoticesOpen(false)} />
      {dialog === 'help' ? (
        <HelpDialog
          open={dialog === 'help'}
          onClose={() => void navigate('/', { replace: true })}
          initialTopic={location.hash ? decodeURIComponent(location.hash.slice(1)) : null}
        />
      ) : null}
    </>
  );
}

/**
 * The member centre, for logged-in real accounts (docs/product.md §4) — trial members may open
 * their wallet and account record — told whether the brand has the manual-rebate module, with the
 * pages other features provide.
 */
export function MemberCentreRoute({ area: Area }: { area: ComponentType<MemberCentreProps> }) {
  const info = useSystemInfo();
  const [params] = useSearchParams();
  const page = params.get('page');
  // The wallet pages are their own chunks: fetch them alongside the member centre's.
  useEffect(() => {
    if (page === 'transferFund') TransferFundArea.preload();
    else if (page === 'depositv2') DepositArea.preload();
    else if (page === 'withdraw') WithdrawArea.preload();
    else if (page === 'transactionHistory') TransactionHistoryArea.preload();
    else if (page === 'personalHistoryCopy') BetHistoryArea.preload();
    else if (page === 'personalProfit') ProfitArea.preload();
    else if (page === 'messageV2') MessagesArea.preload();
    else if (page === 'bonusDetails') BonusDetailsArea.preload();
    else if (page === 'rewardCenter')
      void Promise.all([RewardCenterArea.preload(), TicketsArea.preload()]);
    else if (page === 'manualRebate') ManualRebateArea.preload();
    else if (page === 'missionLeaderboard') MissionsArea.preload();
    else if (page === 'referral') ReferralArea.preload();
  }, [page]);
  return (
    <RequireMember allowTrial={memberPageAllowsTrial(page)}>
      <MemberCentreArea
        area={Area}
        manualRebateEnabled={isModuleEnabled(info.whitelabel, ModuleId.manualRebate)}
        timeZone={info.timeZone}
      />
    </RequireMember>
  );
}

/** The member's avatar (an accounts call) handed to the member centre, which shows it large. */
function MemberCentreArea({
  area: Area,
  manualRebateEnabled,
  timeZone,
}: {
  area: ComponentType<MemberCentreProps>;
  manualRebateEnabled: boolean;
  timeZone: string;
}) {
  const icon = useQuery(memberIconQueryOptions());
  const queryClient = useQueryClient();
  // A credited deposit moves the balance the header and the wallet show.
  const onDepositCredited = useCallback(() => void refreshBalances(queryClient), [queryClient]);
  const isTrial = useSessionStore((session) => session.isTrial);
  const UnreadCount = useLazyModule(inboxBadgeChunk, !isTrial).module?.UnreadCount;
  return (
    <Area
      manualRebateEnabled={manualRebateEnabled}
      avatarUrl={icon.data?.iconUrl}
      areas={{
        transferFund: <TransferFundArea />,
        depositv2: <DepositArea timeZone={timeZone} onCredited={onDepositCredited} />,
        withdraw: <WithdrawArea timeZone={timeZone} onMoneyMoved={onDepositCredited} />,
        transactionHistory: <TransactionHistoryArea timeZone={timeZone} />,
        personalHistoryCopy: <BetHistoryArea timeZone={timeZone} />,
        personalProfit: <ProfitArea timeZone={timeZone} />,
        messageV2: <MessagesArea />,
        bonusDetails: <BonusDetailsArea timeZone={timeZone} />,
        rewardCenter: (
          <>
            <RewardCenterArea timeZone={timeZone} />
            <TicketsArea timeZone={timeZone} onPrizePaid={onDepositCredited} />
          </>
        ),
        manualRebate: <ManualRebateArea timeZone={timeZone} onClaimed={onDepositCredited} />,
        missionLeaderboard: (
          <MissionsArea timeZone={timeZone} onRewardClaimed={onDepositCredited} />
        ),
        referral: <ReferralArea timeZone={timeZone} />,
      }}
      badges={{
        ...(UnreadCount ? { messageV2: <UnreadCount /> } : {}),
        ...(isTrial ? {} : { missionLeaderboard: <MissionBadge /> }),
      }}
      accountSections={
        isTrial ? null : (
          <>
            <VipCardArea />
            <IdentityArea />
          </>
        )
      }
    />
  );
}
