import { isVnLotteryKind } from '@banca/contracts/lottery-rules';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Checkbox, TextField } from '@/components/form-field';
import { toast } from '@/stores/toast-store';
import { updateBetType, updateGame, type LotteryAdminGames } from '../../api/lottery-api';
import { gameName, weekdaysLabel } from '../../lib/format';
import styles from '../lottery.module.css';

type Game = LotteryAdminGames['games'][number];

const reais = (minor: number) => (minor / 100).toFixed(2);
const minorOf = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
const rtpOf = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
/** "2500 / 1000 / 500" ↔ [25_000_000, 10_000_000, 5_000_000]: multipliers per tier, in E4. */
const tiersText = (tiers: number[] | undefined) =>
  (tiers ?? []).map((x) => String(x / 10_000)).join(' / ');
const tiersOf = (text: string) =>
  text.split('/').map((x) => Math.round(Number(x.trim().replace(',', '.')) * 10_000));

/**
 * Edits one game: on/off, the draw interval and closing time (new draws follow them; draws
 * already open keep theirs), stakes, the cap per number, and each bet type's RTP (its odds
 * follow) — or, for a VN/SEA game, its local draw time, draw days, zone, results source and odds tables
 * (multipliers per point, per tier; the server answers their return). The server checks the
 * whole: minimum ≤ maximum, closing under the interval, a return of 50–100 %.
 */
export function GameDialog({
  game,
  onClose,
  onDone,
}: {
  game: Game;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const vn = isVnLotteryKind(game.kind);
  const [form, setForm] = useState({
    drawTime: game.drawTime ?? '',
    weekdays: game.drawWeekdays ?? [],
    timeZone: game.timeZone,
    source: game.resultsSource,
    odds: Object.fromEntries(game.betTypes.map((b) => [b.betType, tiersText(b.oddsTiersE4)])),
    enabled: game.enabled,
    interval: String(game.intervalSeconds),
    close: String(game.closeSeconds),
    min: reais(game.minStakeMinor),
    max: reais(game.maxStakeMinor),
    cap: reais(game.maxPayoutPerNumberMinor),
    rtp: Object.fromEntries(game.betTypes.map((b) => [b.betType, (b.rtpBps / 100).toFixed(2)])),
  });
  const mutation = useMutation({
    mutationFn: async () => {
      await updateGame(game.gameCode, {
        enabled: form.enabled,
        intervalSeconds: Number(form.interval),
        closeSeconds: Number(form.close),
        minStakeMinor: minorOf(form.min),
        maxStakeMinor: minorOf(form.max),
        maxPayoutPerNumberMinor: minorOf(form.cap),
        ...(vn
          ? {
              drawTime: form.drawTime,
              timeZone: form.timeZone,
              resultsSource: form.source,
              // None ticked: every day.
              drawWeekdays: form.weekdays.length > 0 ? form.weekdays : null,
            }
          : {}),
      });
      for (const b of game.betTypes) {
        if (vn) {
          const text = form.odds[b.betType] ?? '';
          if (text !== tiersText(b.oddsTiersE4))
            await updateBetType(game.gameCode, b.betType, { oddsTiersE4: tiersOf(text) });
          continue;
        }
        const rtpBps = rtpOf(form.rtp[b.betType] ?? '');
        if (rtpBps !== b.rtpBps) await updateBetType(game.gameCode, b.betType, { rtpBps });
      }
    },
    onSuccess: () => {
      // Draws already open keep their time: said at once, so the old time on them is no surprise.
      const scheduleChanged = vn
        ? form.drawTime !== (game.drawTime ?? '') ||
          form.timeZone !== game.timeZone ||
          [...form.weekdays].sort().join() !== [...(game.drawWeekdays ?? [])].sort().join()
        : Number(form.interval) !== game.intervalSeconds ||
          Number(form.close) !== game.closeSeconds;
      toast.success(
        scheduleChanged ? t('lottery.admin.edit.savedSchedule') : t('lottery.admin.edit.saved'),
      );
      onDone();
      onClose();
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const field = (key: 'interval' | 'close' | 'min' | 'max' | 'cap', label: string) => (
    <TextField
      label={label}
      inputMode="decimal"
      value={form[key]}
      onChange={(event) => setForm({ ...form, [key]: event.target.value })}
      data-testid={`lottery-field-${key}`}
    />
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('lottery.admin.edit.title', { game: gameName(game, i18n.language) })}
    >
      <form
        className={styles.side}
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate();
        }}
      >
        <Checkbox
          label={t('lottery.admin.edit.enabled')}
          checked={form.enabled}
          onChange={(event) => setForm({ ...form, enabled: event.target.checked })}
        />
        {field('interval', t('lottery.admin.edit.interval'))}
        {field('close', t('lottery.admin.edit.close'))}
        {field('min', t('lottery.admin.edit.min'))}
        {field('max', t('lottery.admin.edit.max'))}
        {field('cap', t('lottery.admin.edit.cap'))}
        {vn ? (
          <>
            <TextField
              label={t('lottery.admin.edit.drawTime')}
              value={form.drawTime}
              maxLength={5}
              onChange={(event) => setForm({ ...form, drawTime: event.target.value })}
              data-testid="lottery-field-drawTime"
            />
            <TextField
              label={t('lottery.admin.edit.timeZone')}
              value={form.timeZone}
              maxLength={60}
              onChange={(event) => setForm({ ...form, timeZone: event.target.value })}
            />
            <div
              className={styles.modes}
              role="group"
              aria-label={t('lottery.admin.edit.weekdays')}
            >
              <span className={`${styles.caption} ${styles.fullRow}`}>
                {t('lottery.admin.edit.weekdays')}
              </span>
              {[1, 2, 3, 4, 5, 6, 7].map((day) => (
                <button
                  key={day}
                  type="button"
                  className={styles.chip}
                  aria-pressed={form.weekdays.includes(day)}
                  onClick={() =>
                    setForm({
                      ...form,
                      weekdays: form.weekdays.includes(day)
                        ? form.weekdays.filter((d) => d !== day)
                        : [...form.weekdays, day].sort((a, b) => a - b),
                    })
                  }
                  data-testid={`lottery-weekday-${day}`}
                >
                  {weekdaysLabel([day], i18n.language)}
                </button>
              ))}
            </div>
            <div className={styles.modes} role="group" aria-label={t('lottery.admin.edit.source')}>
              <span className={`${styles.caption} ${styles.fullRow}`}>
                {t('lottery.admin.edit.source')}
              </span>
              {(['operator', 'feed'] as const).map((source) => (
                <button
                  key={source}
                  type="button"
                  className={styles.chip}
                  aria-pressed={form.source === source}
                  onClick={() => setForm({ ...form, source })}
                  data-testid={`lottery-source-${source}`}
                >
                  {t(`lottery.admin.edit.sources.${source}`)}
                </button>
              ))}
            </div>
            {game.betTypes.map((b) => (
              <TextField
                key={b.betType}
                label={t('lottery.admin.edit.odds', {
                  betType: t(`lottery.betTypes.${b.betType as 'sum'}`),
                  tier: (b.oddsTiers ?? [])
                    .map((tier) => t(`lottery.vn.tiers.${tier as 'P1'}`))
                    .join(' / '),
                })}
                hint={t('lottery.admin.edit.rtpShown', { rtp: `${(b.rtpBps / 100).toFixed(2)}%` })}
                inputMode="decimal"
                value={form.odds[b.betType] ?? ''}
                onChange={(event) =>
                  setForm({ ...form, odds: { ...form.odds, [b.betType]: event.target.value } })
                }
                data-testid={`lottery-odds-${b.betType}`}
              />
            ))}
          </>
        ) : null}
        {vn
          ? null
          : game.betTypes.map((b) => (
              <TextField
                key={b.betType}
                label={t('lottery.admin.edit.rtp', {
                  betType: t(`lottery.betTypes.${b.betType as 'sum'}`),
                })}
                inputMode="decimal"
                value={form.rtp[b.betType] ?? ''}
                onChange={(event) =>
                  setForm({ ...form, rtp: { ...form.rtp, [b.betType]: event.target.value } })
                }
              />
            ))}
        <div className={styles.slipActions}>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('lottery.admin.edit.cancel')}
          </Button>
          <Button type="submit" disabled={mutation.isPending} data-testid="lottery-save">
            {mutation.isPending ? t('lottery.admin.edit.saving') : t('lottery.admin.edit.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
