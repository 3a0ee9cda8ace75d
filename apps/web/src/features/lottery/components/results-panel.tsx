import { isVnLotteryKind, type LotteryKind } from '@banca/contracts/lottery-rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Skeleton } from '@/components/skeleton';
import { resultsQuery } from '../api/lottery-api';
import { zoneLabel } from '../lib/format';
import { verifyDraw } from '../lib/verify';
import { Balls } from './balls';
import { VnSheet } from './vn-sheet';
import styles from './lottery.module.css';

// The chart carries chart.js: its own chunk, loaded when the results are shown.
const BarChart = lazy(() => import('@/components/chart').then((m) => ({ default: m.BarChart })));

const PAGE_SIZE = 10;

/**
 * Results history: every draw with its numbers, its revealed seed and the hash published before
 * it (anyone can check SHA-256(seed) = hash and recompute the numbers), and a chart of how often
 * each number came out over the last draws, per position.
 */
export function ResultsPanel({
  gameCode,
  kind,
  timeZone,
}: {
  gameCode: string;
  kind: LotteryKind;
  /** The game's zone: its draws' times are shown on its clock, named (as on the betting page). */
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const vn = isVnLotteryKind(kind);
  // Dice count every die together, VN sheets every 2-digit ending (position 0).
  const [position, setPosition] = useState(kind === 'fast3' || vn ? 0 : 1);
  const results = useQuery({ ...resultsQuery(gameCode, page), placeholderData: keepPreviousData });
  if (!results.data) return <Skeleton className={styles.pageSkeleton} />;
  const { draws, total, frequency } = results.data;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const positions = [...new Set(frequency.counts.map((c) => c.position))];
  const counts = frequency.counts.filter((c) => c.position === position);
  const time = new Intl.DateTimeFormat(i18n.language, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(vn ? {} : { second: '2-digit' }),
    hourCycle: 'h23',
  });
  const zone = zoneLabel(timeZone);

  return (
    <div className={styles.resultsLayout}>
      <section className={styles.panel} data-testid="lottery-frequency">
        <h2 className={styles.panelTitle}>
          {t('lottery.results.frequency', { count: frequency.draws })}
        </h2>
        {positions.length > 1 ? (
          <div className={styles.modes} role="group" aria-label={t('lottery.results.position')}>
            {positions.map((p) => (
              <button
                key={p}
                type="button"
                className={styles.chip}
                aria-pressed={p === position}
                onClick={() => setPosition(p)}
              >
                {kind === 'race10' ? t('lottery.place', { n: p }) : t('lottery.ball', { n: p })}
              </button>
            ))}
          </div>
        ) : null}
        {counts.length === 0 ? (
          <p className={styles.muted}>{t('lottery.results.empty')}</p>
        ) : (
          <Suspense fallback={<Skeleton className={styles.chartSkeleton} />}>
            <BarChart
              labels={counts.map((c) =>
                kind === 'race10'
                  ? t('lottery.car', { n: c.value })
                  : vn
                    ? String(c.value).padStart(2, '0')
                    : String(c.value),
              )}
              values={counts.map((c) => c.count)}
              toneOf={() => 'neutral'}
              formatValue={(v) => t('lottery.results.times', { count: v })}
              formatTick={(v) => (Number.isInteger(v) ? String(v) : '')}
              label={t('lottery.results.frequencyLabel')}
              heightPx={220}
            />
          </Suspense>
        )}
      </section>
      <section className={styles.panel} data-testid="lottery-history">
        <h2 className={styles.panelTitle}>{t('lottery.results.history')}</h2>
        {draws.length === 0 ? (
          <p className={styles.muted}>{t('lottery.results.empty')}</p>
        ) : (
          <ul className={styles.history}>
            {draws.map((d) => (
              <li key={d.drawId}>
                <div className={styles.historyHead}>
                  <strong>{d.drawNo}</strong>
                  <span className={styles.caption}>
                    {time.format(new Date(d.drawAtUtc))} ({zone})
                  </span>
                  {vn ? null : <Balls kind={kind} numbers={d.numbers ?? []} size="sm" />}
                </div>
                {vn ? (
                  <VnSheet kind={kind} numbers={d.numbers ?? []} drawNo={d.drawNo} />
                ) : (
                  <details className={styles.seed}>
                    <summary>{t('lottery.results.seed')}</summary>
                    <p>
                      {t('lottery.results.seed')}: <code>{d.serverSeed}</code>
                    </p>
                    <p>
                      {t('lottery.results.seedHash')}: <code>{d.serverSeedHash}</code>
                    </p>
                    <Verified kind={kind} draw={d} />
                  </details>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className={styles.pager}>
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('lottery.results.next')}
          </Button>
          <span className={styles.caption}>{t('lottery.results.page', { page, pages })}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('lottery.results.prev')}
          </Button>
        </div>
      </section>
    </div>
  );
}

/** The draw checked here, in the browser (lib/verify.ts): the hash, then the numbers. */
function Verified({ kind, draw }: { kind: LotteryKind; draw: Parameters<typeof verifyDraw>[1] }) {
  const { t } = useTranslation();
  const check = verifyDraw(kind, draw);
  if (!check) return null;
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  return (
    <div
      className={styles.verified}
      data-testid="lottery-verified"
      data-ok={String(check.hashMatches && check.numbersMatch)}
    >
      <p>
        {mark(check.hashMatches)}{' '}
        {check.hashMatches ? t('lottery.results.hashOk') : t('lottery.results.hashBad')}
      </p>
      <p>
        {mark(check.numbersMatch)}{' '}
        {t(check.numbersMatch ? 'lottery.results.numbersOk' : 'lottery.results.numbersBad', {
          numbers: check.numbers.join(' '),
        })}
      </p>
    </div>
  );
}
