import { formatMoney, type TeamOverview } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/chart';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import { overviewQueryOptions } from '../api/get-overview';
import type { PeriodFilter } from '../api/keys';
import { PeriodPicker } from '../components/period-picker';
import { SummaryCards, type SummaryCard } from '../components/team-table';
import { formatSigned, toneOf } from '../lib/money';
import styles from '../components/agent-page.module.css';

type Figure = keyof TeamOverview['totals'];
/** The charts the overview offers, each one series of the period's days. */
const CHARTS = [
  'validBetMinor',
  'profitLossMinor',
  'depositMinor',
  'activeMembers',
] as const satisfies readonly Figure[];

/** agentTeamOverview: the team's size and figures for a period, with a chart per day. */
export default function TeamOverviewPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [period, setPeriod] = useState<PeriodFilter>({ period: 'today' });
  const [chart, setChart] = useState<(typeof CHARTS)[number]>('validBetMinor');
  const overview = useQuery(overviewQueryOptions(period));
  const data = overview.data;
  const money = (minor: number) => (data ? formatMoney(minor, data.currency, language) : '');
  const isMoney = (figure: Figure) => figure.endsWith('Minor');

  const cards: SummaryCard[] = data
    ? [
        {
          key: 'teamSize',
          label: t('agents.overview.teamSize'),
          value: String(data.teamSize),
          hint: t('agents.overview.direct', { count: data.directCount }),
        },
        {
          key: 'newMembers',
          label: t('agents.overview.newMembers'),
          value: String(data.totals.newMembers),
        },
        {
          key: 'activeMembers',
          label: t('agents.overview.activeMembers'),
          value: String(data.totals.activeMembers),
        },
        {
          key: 'deposits',
          label: t('agents.overview.deposits'),
          value: money(data.totals.depositMinor),
          hint: t('agents.overview.count', { count: data.totals.depositCount }),
        },
        {
          key: 'withdrawals',
          label: t('agents.overview.withdrawals'),
          value: money(data.totals.withdrawalMinor),
          hint: t('agents.overview.count', { count: data.totals.withdrawalCount }),
        },
        {
          key: 'bets',
          label: t('agents.overview.bets'),
          value: money(data.totals.betMinor),
          hint: t('agents.overview.rounds', { count: data.totals.rounds }),
        },
        {
          key: 'validBets',
          label: t('agents.overview.validBets'),
          value: money(data.totals.validBetMinor),
        },
        {
          key: 'profitLoss',
          label: t('agents.overview.profitLoss'),
          value: formatSigned(-data.totals.profitLossMinor, data.currency, language),
          tone: toneOf(data.totals.profitLossMinor),
          hint: t('agents.overview.profitLossHint'),
        },
      ]
    : [];

  // The team's P&L is shown as the house sees it: what the players lost is the team's result.
  const series = (figure: Figure) =>
    (data?.days ?? []).map((day) => (figure === 'profitLossMinor' ? -day[figure] : day[figure]));
  const dayLabel = (day: string) => day.slice(5).replace('-', '/');

  return (
    <div className={styles.page} data-testid="agent-team-overview">
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('agents.menu.agentTeamOverview')}</h1>
          {data ? (
            <p className={styles.subtitle}>
              {t('agents.rangeOf', {
                from: data.range.fromDay,
                to: data.range.toDay,
                zone: data.range.timeZone,
              })}
            </p>
          ) : null}
        </div>
        <PeriodPicker value={period} onChange={setPeriod} />
      </header>
      {data ? (
        <SummaryCards
          cards={cards.map((card) => ({ ...card, testId: `agent-overview-${card.key}` }))}
        />
      ) : (
        <div className={styles.cards}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={84} />
          ))}
        </div>
      )}
      <section className={styles.panel}>
        <div className={styles.head}>
          <h2 className={styles.panelTitle}>{t('agents.overview.perDay')}</h2>
          <div className={styles.presets} role="group" aria-label={t('agents.overview.chartOf')}>
            {CHARTS.map((figure) => (
              <button
                key={figure}
                type="button"
                className={
                  figure === chart ? `${styles.preset} ${styles.presetActive}` : styles.preset
                }
                aria-pressed={figure === chart}
                onClick={() => setChart(figure)}
              >
                {t(`agents.overview.charts.${figure}`)}
              </button>
            ))}
          </div>
        </div>
        {data ? (
          <BarChart
            labels={data.days.map((day) => dayLabel(day.day))}
            values={series(chart)}
            toneOf={chart === 'profitLossMinor' ? undefined : () => 'neutral'}
            formatValue={(value) => (isMoney(chart) ? money(value) : String(value))}
            titleOf={(index) => data.days[index]?.day ?? ''}
            label={t(`agents.overview.charts.${chart}`)}
            heightPx={240}
            data-testid="agent-overview-chart"
          />
        ) : (
          <Skeleton height={240} />
        )}
      </section>
    </div>
  );
}
