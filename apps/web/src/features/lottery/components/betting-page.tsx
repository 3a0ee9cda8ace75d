import { isVnLotteryKind, lotterySelections } from '@banca/contracts/lottery-rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { AlertIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { Tabs } from '@/components/tabs';
import { toast } from '@/stores/toast-store';
import {
  BALANCES_KEY,
  lotteryKeys,
  myBetsQuery,
  stateQuery,
  type LotteryState,
} from '../api/lottery-api';
import {
  clock,
  gameName,
  localDate,
  localTime,
  money,
  selectionLabel,
  zoneLabel,
} from '../lib/format';
import { useLotteryTopic } from '../lib/live-topic';
import { serverOffsetMs, useServerNow } from '../lib/server-clock';
import { Balls } from './balls';
import { BetBoard } from './bet-board';
import { BetSlip, type SlipLine } from './bet-slip';
import { MyBets } from './my-bets';
import { ResultsPanel } from './results-panel';
import { VnBoard, vnLineOddsE4, vnQuickPick } from './vn-board';
import { VnSheet } from './vn-sheet';
import styles from './lottery.module.css';

type Tab = 'bet' | 'results' | 'bets';

/**
 * A game's betting page: the draw taking bets with its countdown on the server's clock and its
 * seed's hash, the board of bet types with their odds, the slip (several selections, quick
 * pick), the member's open bets and the last results. Live over the `lottery` topic: a new
 * draw, its numbers (then a win or loss toast and the balance), a voided draw.
 */
export function BettingPage({
  gameCode,
  basePath = '/lottery',
}: {
  gameCode: string;
  /** The lobby this page belongs to (`/lottery`, `/vnLottery`, `/seaLottery`). */
  basePath?: string;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const state = useQuery({ ...stateQuery(gameCode), refetchInterval: 10_000 });
  const [tab, setTab] = useState<Tab>('bet');
  const [lines, setLines] = useState<SlipLine[]>([]);
  const offset = state.data ? serverOffsetMs(state.data.serverTimeUtc, state.dataUpdatedAt) : 0;
  const now = useServerNow(offset);
  const openBets = useRef<LotteryState['openBets']>([]);
  openBets.current = state.data?.openBets ?? [];

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.state(gameCode) });
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.resultsAll });
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.myBetsAll });
  };

  useLotteryTopic('lottery', (event) => {
    // Settings changes drop every cached lottery answer (LotteryPage); nothing more here.
    if (event.gameCode !== gameCode || event.kind === 'settings') return;
    const mine = openBets.current.filter((slip) => slip.drawId === event.drawId);
    refresh();
    if (mine.length === 0 || event.kind === 'draw') return;
    void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
    if (event.kind === 'void') {
      toast.info(t('lottery.toast.void', { drawNo: mine[0]!.drawNo }));
      return;
    }
    // The draw's slips are settled before its result is published: read what they paid.
    void queryClient.fetchQuery(myBetsQuery('settled', gameCode, 1)).then((page) => {
      const ids = new Set(mine.map((slip) => slip.slipId));
      const paid = page.slips
        .filter((s) => ids.has(s.slipId))
        .reduce((sum, s) => sum + s.payoutMinor, 0);
      const currency = state.data?.currency ?? 'BRL';
      if (paid > 0)
        toast.success(
          t('lottery.toast.won', {
            amount: money(paid, currency, i18n.language),
            drawNo: event.drawNo,
          }),
        );
      else toast.info(t('lottery.toast.lost', { drawNo: event.drawNo }));
    });
  });

  // The countdown's end: the next draw takes bets (read again even without a socket).
  const closeAt = state.data?.draw ? Date.parse(state.data.draw.closeAtUtc) : null;
  const closed = closeAt !== null && now >= closeAt;
  useEffect(() => {
    if (closed) refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per countdown end
  }, [closed]);

  if (state.isPending) return <Skeleton className={styles.pageSkeleton} />;
  if (state.isError || !state.data)
    return (
      <EmptyState icon={<AlertIcon />} title={t('lottery.loadError')}>
        <Button variant="outline" onClick={() => void state.refetch()}>
          {t('lottery.retry')}
        </Button>
      </EmptyState>
    );
  const { game, draw, results, betTypes, currency } = state.data;
  const kind = game.kind;
  const vn = isVnLotteryKind(kind);
  const waiting = state.data.openBets.some((slip) => !draw || slip.drawId !== draw.drawId);

  const toggle = (betType: string, selection: string, oddsE4: number) =>
    setLines((current) =>
      current.some((l) => l.betType === betType && l.selection === selection)
        ? current.filter((l) => !(l.betType === betType && l.selection === selection))
        : [...current, { betType, selection, oddsE4 }],
    );
  const quickPick = () => {
    const open = betTypes.filter((b) => b.enabled);
    const type = open[Math.floor(Math.random() * open.length)];
    if (!type) return;
    if (vn) {
      const pick = vnQuickPick(type.betType);
      if (!lines.some((l) => l.betType === type.betType && l.selection === pick))
        toggle(type.betType, pick, vnLineOddsE4(type));
      return;
    }
    const choices = lotterySelections(kind, type.betType).filter(
      (s) => !lines.some((l) => l.betType === type.betType && l.selection === s),
    );
    const pick = choices[Math.floor(Math.random() * choices.length)];
    const odds = type.odds.find((o) => o.selection === pick);
    if (pick && odds) toggle(type.betType, pick, odds.oddsE4);
  };

  return (
    <>
      <div className={styles.topBar}>
        <Link to={basePath} className={styles.backLink}>
          ← {t('lottery.back')}
        </Link>
        <h1 className={styles.title}>{gameName(game, i18n.language)}</h1>
        <span className={styles.badge}>{t(`lottery.kinds.${kind}`)}</span>
        {game.region ? (
          <span className={styles.badge} data-testid="lottery-region">
            {t(`lottery.lobby.regions.${game.region}`)}
          </span>
        ) : null}
      </div>

      <section className={styles.drawPanel} aria-live="polite" data-testid="lottery-draw">
        {draw ? (
          <>
            <div>
              <span className={styles.caption}>
                {t('lottery.countdown.draw', { drawNo: draw.drawNo })}
              </span>
              <div className={styles.countdown} data-testid="lottery-countdown">
                {closed ? t('lottery.countdown.closed') : clock(closeAt! - now)}
              </div>
              {closed ? null : (
                <span className={styles.muted}>{t('lottery.countdown.closesIn')}</span>
              )}
              {game.drawTime ? (
                <p className={styles.muted} data-testid="lottery-draw-time">
                  {t('lottery.vn.drawsAt', {
                    date: localDate(draw.drawAtUtc, game.timeZone, i18n.language),
                    time: localTime(draw.drawAtUtc, game.timeZone, i18n.language),
                    close: localTime(draw.closeAtUtc, game.timeZone, i18n.language),
                    zone: zoneLabel(game.timeZone),
                  })}
                </p>
              ) : null}
            </div>
            <div className={styles.lastDraw}>
              <span className={styles.caption}>{t('lottery.results.title')}</span>
              {results[0]?.numbers ? (
                vn ? (
                  <VnSheet kind={kind} numbers={results[0].numbers} drawNo={results[0].drawNo} />
                ) : (
                  // Keyed by the draw: a new result mounts afresh and is drawn ball by ball.
                  <Balls key={results[0].drawNo} kind={kind} numbers={results[0].numbers} reveal />
                )
              ) : (
                <span className={styles.muted}>{t('lottery.lobby.noResult')}</span>
              )}
              {waiting ? (
                <span className={styles.drawing} data-testid="lottery-waiting">
                  {vn ? t('lottery.vn.awaiting') : t('lottery.countdown.closed')}
                </span>
              ) : null}
            </div>
            {vn ? (
              <p className={styles.muted}>{t(`lottery.vn.source.${game.resultsSource}`)}</p>
            ) : (
              <details className={styles.fair}>
                <summary>{t('lottery.fairness.title')}</summary>
                <p>{t('lottery.fairness.text')}</p>
                <p>
                  {t('lottery.results.seedHash')}: <code>{draw.serverSeedHash}</code>
                </p>
              </details>
            )}
          </>
        ) : (
          <p>{t('lottery.countdown.off')}</p>
        )}
      </section>

      <Tabs
        label={t('lottery.tabs.label')}
        items={[
          { key: 'bet', label: t('lottery.tabs.bet') },
          { key: 'results', label: t('lottery.tabs.results') },
          { key: 'bets', label: t('lottery.tabs.bets') },
        ]}
        selected={tab}
        onSelect={setTab}
        testIdPrefix="lottery-tab"
      />

      {tab === 'bet' ? (
        <div className={styles.betLayout}>
          {vn ? (
            <VnBoard kind={kind} betTypes={betTypes} lines={lines} onToggle={toggle} />
          ) : (
            <BetBoard kind={kind} betTypes={betTypes} lines={lines} onToggle={toggle} />
          )}
          <div className={styles.side}>
            <BetSlip
              game={game}
              drawId={draw && !closed ? draw.drawId : null}
              currency={currency}
              lines={lines}
              onRemove={(line) => toggle(line.betType, line.selection, line.oddsE4)}
              onClear={() => setLines([])}
              onQuickPick={quickPick}
              onPlaced={() => {
                setLines([]);
                void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
                refresh();
              }}
            />
            <section className={styles.panel} data-testid="lottery-open-bets">
              <h2 className={styles.panelTitle}>{t('lottery.openBets.title')}</h2>
              {state.data.openBets.length === 0 ? (
                <p className={styles.muted}>{t('lottery.openBets.empty')}</p>
              ) : (
                <ul className={styles.slipList}>
                  {state.data.openBets.map((slip) => (
                    <li key={slip.slipId}>
                      <span className={styles.caption}>
                        {t('lottery.countdown.draw', { drawNo: slip.drawNo })}
                      </span>
                      <span>
                        {slip.lines
                          .map((l) => selectionLabel(t, kind, l.betType, l.selection))
                          .join(' · ')}
                      </span>
                      <strong>{money(slip.stakeMinor, currency, i18n.language)}</strong>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className={styles.panel}>
              <h2 className={styles.panelTitle}>{t('lottery.results.title')}</h2>
              {results.length === 0 ? (
                <p className={styles.muted}>{t('lottery.results.empty')}</p>
              ) : (
                <ul className={styles.resultList} data-testid="lottery-last-results">
                  {results.slice(0, 5).map((r) => (
                    <li key={r.drawId}>
                      <span className={styles.caption}>{r.drawNo}</span>
                      <Balls kind={kind} numbers={r.numbers ?? []} size="sm" />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </div>
      ) : tab === 'results' ? (
        <ResultsPanel gameCode={gameCode} kind={kind} timeZone={game.timeZone} />
      ) : (
        <MyBets gameCode={gameCode} game={game} />
      )}
    </>
  );
}
