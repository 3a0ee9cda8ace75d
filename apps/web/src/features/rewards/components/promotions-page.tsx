import {
  APPLICATION_COMMENT_MAX,
  APPLICATION_MAX_PROOFS,
  formatMoney,
  PROMOTION_CATEGORIES,
  PROMOTION_IMAGE_MAX_BYTES,
  type PromotionCard,
  type PromotionCategory,
} from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '@/api/error-message';
import { Dialog } from '@/components/dialog';
import { GiftIcon } from '@/components/icons';
import { Tabs } from '@/components/tabs';
import { useLanguage } from '@/i18n';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import {
  applyToPromotion,
  base64Of,
  claimPromotion,
  joinPromotion,
  promotionsQueryOptions,
  refreshPromotions,
} from '../api/promotions';
import { useRewardText } from '../lib/reward-text';
import styles from './promotions.module.css';

type Tab = 'all' | PromotionCategory;
const MAX_MB = PROMOTION_IMAGE_MAX_BYTES / 1024 / 1024;

/**
 * Promotions (/promotions): category tabs, one card per promotion with the member's status
 * computed by the server, the action that status allows (join, claim, apply), re-polled every
 * 300 s and refreshed at once by the socket's PROMOTION_CLAIM and MANUAL_PROMO. The hash is a
 * promotion id; its card scrolls into view.
 */
export default function PromotionsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { hash } = useLocation();
  const token = useSessionStore((s) => s.token);
  const signedIn = useSessionStore((s) => s.status === 'loggedIn' && !s.isTrial);
  const list = useQuery(promotionsQueryOptions(language, signedIn ? token : null));
  const [tab, setTab] = useState<Tab>('all');
  const [applying, setApplying] = useState<PromotionCard | null>(null);

  const promotions = useMemo(() => list.data?.promotions ?? [], [list.data]);
  const tabs = useMemo(() => {
    const present = new Set(promotions.map((p) => p.category));
    return [
      { key: 'all' as Tab, label: t('promotions.categories.all') },
      ...PROMOTION_CATEGORIES.filter((c) => present.has(c)).map((c) => ({
        key: c as Tab,
        label: t(`promotions.categories.${c}`),
      })),
    ];
  }, [promotions, t]);
  const shown = tab === 'all' ? promotions : promotions.filter((p) => p.category === tab);

  useEffect(() => {
    if (!hash || promotions.length === 0) return;
    document
      .getElementById(`promotion-${decodeURIComponent(hash.slice(1))}`)
      ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash, promotions.length]);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        <GiftIcon /> {t('promotions.title')}
      </h1>
      {tabs.length > 1 && (
        <Tabs
          items={tabs}
          selected={tab}
          onSelect={setTab}
          label={t('promotions.title')}
          testIdPrefix="promotion-tab"
        />
      )}
      {list.error && !list.data ? (
        <div className={styles.empty} role="alert">
          <p>{t('promotions.loadError')}</p>
          <button type="button" className="btn btn--outline" onClick={() => void list.refetch()}>
            {t('promotions.retry')}
          </button>
        </div>
      ) : shown.length === 0 && !list.isLoading ? (
        <p className={styles.empty}>{t('promotions.empty')}</p>
      ) : (
        <div className={styles.grid}>
          {shown.map((p) => (
            <PromotionItem
              key={p.id}
              promotion={p}
              currency={list.data?.currency ?? 'BRL'}
              signedIn={signedIn}
              onApply={() => setApplying(p)}
            />
          ))}
        </div>
      )}
      {applying && <ApplyDialog promotion={applying} onClose={() => setApplying(null)} />}
    </div>
  );
}

function PromotionItem({
  promotion: p,
  currency,
  signedIn,
  onApply,
}: {
  promotion: PromotionCard;
  currency: string;
  signedIn: boolean;
  onApply: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const rewardText = useRewardText();
  const [open, setOpen] = useState(false);
  const act = useMutation({
    mutationFn: (kind: 'join' | 'claim') =>
      kind === 'join' ? joinPromotion(p.id) : claimPromotion(p.id),
    onSuccess: (_card, kind) => {
      toast.success(t(kind === 'join' ? 'promotions.joinedToast' : 'promotions.claimedToast'));
      // The header balance refreshes on the PROMOTION_CLAIM push the claim sends
      // (app/live-updates.tsx): this feature does not reach into the wallet's queries.
      void refreshPromotions(queryClient);
    },
    onError: (error) => {
      toast.error(errorMessage(error, t));
      void refreshPromotions(queryClient);
    },
  });
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
  const money = (minor: number) => formatMoney(minor, currency, language);

  let action = null;
  if (!signedIn && (p.status === 'join' || p.status === 'joined'))
    action = (
      <Link to="/login" className="btn btn--primary">
        {t('promotions.loginToJoin')}
      </Link>
    );
  else if (p.trigger === 'application' && (p.status === 'join' || p.status === 'rejected'))
    action = (
      <button
        type="button"
        className="btn btn--primary"
        onClick={onApply}
        data-testid={`promotion-apply-${p.id}`}
      >
        {p.status === 'rejected' ? t('promotions.applyAgain') : t('promotions.applyAction')}
      </button>
    );
  else if (p.status === 'join')
    action = (
      <button
        type="button"
        className="btn btn--primary"
        disabled={act.isPending}
        onClick={() => act.mutate('join')}
        data-testid={`promotion-join-${p.id}`}
      >
        {t('promotions.joinAction')}
      </button>
    );
  else if (p.status === 'claim')
    action = (
      <button
        type="button"
        className="btn btn--primary"
        disabled={act.isPending}
        onClick={() => act.mutate('claim')}
        data-testid={`promotion-claim-${p.id}`}
      >
        {t('promotions.claimAction')}
      </button>
    );

  return (
    <article
      id={`promotion-${p.id}`}
      className={styles.card}
      data-testid={`promotion-${p.id}`}
      data-status={p.status}
    >
      {p.bannerUrl ? (
        <img className={styles.banner} src={p.bannerUrl} alt="" loading="lazy" />
      ) : (
        <div className={styles.bannerPlaceholder} aria-hidden="true">
          <GiftIcon />
        </div>
      )}
      <div className={styles.body}>
        <div className={styles.headRow}>
          <span className={styles.category}>{t(`promotions.categories.${p.category}`)}</span>
          <span
            className={`${styles.status} ${styles[`status_${p.status}`] ?? ''}`}
            data-testid={`promotion-status-${p.id}`}
          >
            {t(`promotions.status.${p.status}`)}
          </span>
        </div>
        <h2 className={styles.cardTitle}>{p.title}</h2>
        {p.summary && <p className={styles.summary}>{p.summary}</p>}
        <dl className={styles.facts}>
          <div>
            <dt>{t('promotions.rewardLabel')}</dt>
            <dd>{rewardText(p, currency)}</dd>
          </div>
          <div>
            <dt>{t(`promotions.trigger.${p.trigger}`)}</dt>
            <dd>{t(`promotions.period.${p.periodType}`)}</dd>
          </div>
        </dl>
        {p.thresholdMinor > 0 && p.status === 'in_process' && (
          <div className={styles.progress}>
            <div
              className={styles.bar}
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={p.thresholdMinor}
              aria-valuenow={Math.min(p.progressMinor, p.thresholdMinor)}
            >
              <span
                style={{
                  width: `${Math.min(100, (Math.max(0, p.progressMinor) / p.thresholdMinor) * 100)}%`,
                }}
              />
            </div>
            <small>
              {t('promotions.progress', {
                progress: money(Math.max(0, p.progressMinor)),
                threshold: money(p.thresholdMinor),
              })}
            </small>
          </div>
        )}
        {p.status === 'rejected' && p.rejectReason && (
          <p className={styles.reason} data-testid={`promotion-reason-${p.id}`}>
            {t('promotions.rejectedBecause', { reason: p.rejectReason })}
          </p>
        )}
        <p className={styles.dates}>
          {p.status === 'coming_soon'
            ? t('promotions.from', { date: date(p.startsAt) })
            : p.endsAt
              ? t('promotions.until', { date: date(p.endsAt) })
              : null}
        </p>
        <div className={styles.actions}>
          {action}
          {p.bodyHtml && (
            <button
              type="button"
              className="btn btn--ghost"
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
            >
              {t('promotions.details')}
            </button>
          )}
        </div>
        {open && (
          // Sanitised by the server on save (modules/rewards/rules.ts, sanitize-html).
          <div className={styles.rules} dangerouslySetInnerHTML={{ __html: p.bodyHtml }} />
        )}
      </div>
    </article>
  );
}

function ApplyDialog({ promotion, onClose }: { promotion: PromotionCard; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async () =>
      applyToPromotion(promotion.id, comment.trim(), await Promise.all(files.map(base64Of))),
    onSuccess: () => {
      toast.success(t('promotions.appliedToast'));
      void refreshPromotions(queryClient);
      onClose();
    },
    onError: (error) => setProblem(errorMessage(error, t)),
  });
  const pick = (list: FileList | null) => {
    const chosen = [...files, ...Array.from(list ?? [])];
    setProblem(null);
    if (chosen.length > APPLICATION_MAX_PROOFS) {
      setProblem(t('promotions.apply.tooMany', { max: APPLICATION_MAX_PROOFS }));
      return;
    }
    // The server checks the bytes; this only spares a long upload that would be refused.
    const bad = chosen.find(
      (f) => f.size > PROMOTION_IMAGE_MAX_BYTES || !/^image\/(png|jpeg)$/.test(f.type),
    );
    if (bad) {
      setProblem(t('promotions.apply.badFile', { name: bad.name, mb: MAX_MB }));
      return;
    }
    setFiles(chosen);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('promotions.apply.title', { title: promotion.title })}
      data-testid="promotion-apply-dialog"
    >
      <form
        className={styles.applyForm}
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate();
        }}
      >
        <label className={styles.field}>
          <span>{t('promotions.apply.comment', { max: APPLICATION_COMMENT_MAX })}</span>
          <textarea
            value={comment}
            maxLength={APPLICATION_COMMENT_MAX}
            rows={3}
            onChange={(e) => setComment(e.target.value.replace(/[\r\n]+/g, ' '))}
            data-testid="promotion-apply-comment"
          />
        </label>
        <div className={styles.field}>
          <span>{t('promotions.apply.images', { max: APPLICATION_MAX_PROOFS, mb: MAX_MB })}</span>
          {/* The browser's own file button speaks its language, not the page's: a label of ours. */}
          <label className={`btn btn--outline ${styles.pick}`}>
            {t('promotions.apply.pick')}
            <input
              type="file"
              accept="image/png,image/jpeg"
              multiple
              className={styles.hiddenInput}
              onChange={(e) => {
                pick(e.target.files);
                e.target.value = '';
              }}
              data-testid="promotion-apply-files"
            />
          </label>
        </div>
        {files.length > 0 && (
          <ul className={styles.files}>
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`}>
                <span>{f.name}</span>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => setFiles(files.filter((_, j) => j !== i))}
                >
                  {t('promotions.apply.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        {problem && (
          <p className={styles.reason} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className="btn btn--outline" onClick={onClose}>
            {t('promotions.apply.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={send.isPending}
            data-testid="promotion-apply-send"
          >
            {t('promotions.apply.send')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
