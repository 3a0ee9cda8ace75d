import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-field';
import styles from './deposits-desk.module.css';

/**
 * The frame the cashier's record dialogs share (deposits and withdrawals desks): the facts as a
 * list of label and value, the images beside them (a receipt, proofs), and decision panels of
 * two buttons with a reason. One place for the layout, the image loading and the reason rules.
 */

/** Longest reason the server takes for any cashier decision (`text(200)` in the contracts). */
export const REASON_MAX_LENGTH = 200;

export type Fact = readonly [label: string, value: ReactNode];

/** The record's facts, with its images (if any) beside them. */
export function RecordDetail({ facts, images }: { facts: Fact[]; images?: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {images ? <figure className={styles.receipt}>{images}</figure> : null}
    </div>
  );
}

/**
 * An image only a signed-in operator may fetch (a receipt, a proof), shown as a data: URL: the
 * site's CSP lets images come from 'self', data: and https:, not from blob: URLs.
 */
export function StaffImage({
  queryKey,
  load,
  alt,
  missing,
  testId,
}: {
  queryKey: readonly unknown[];
  /** The image's bytes, or null when it cannot be had. Not called while `missing` is set. */
  load: (signal: AbortSignal) => Promise<Blob | null>;
  alt: string;
  /** Why there is nothing to show (e.g. no receipt sent yet). */
  missing?: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const image = useQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    enabled: !missing,
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const reader = new FileReader();
    reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(image.data);
    return () => reader.abort();
  }, [image.data]);
  if (missing) return <p>{missing}</p>;
  return url ? <img src={url} alt={alt} data-testid={testId} /> : <p>{t('table.loading')}</p>;
}

type Choice = {
  label: string;
  testId: string;
  /** Runs the decision with the trimmed reason. */
  onChoose: (reason: string) => void;
  pending: boolean;
  /** Whether this choice needs the reason filled in (at least `minReason` characters). */
  needsReason: boolean;
};

/**
 * A decision on the record: an optional title and explanation, the errors of the last tries, a
 * reason box, and two choices (the cautious one outlined on the left, the main one on the
 * right). While one runs the other is disabled, so a double click cannot send both.
 */
export function DecisionPanel({
  title,
  hint,
  reasonLabel,
  reasonPlaceholder,
  minReason = 1,
  errors,
  secondary,
  primary,
  testId,
  reasonTestId,
}: {
  title?: string;
  hint?: string;
  reasonLabel: string;
  reasonPlaceholder: string;
  minReason?: number;
  /** The mutations' errors; each shown while set. */
  errors: unknown[];
  secondary: Choice;
  primary: Choice;
  testId?: string;
  reasonTestId?: string;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const reasonOk = trimmed.length >= minReason;
  const button = (choice: Choice, other: Choice, variant: 'outline' | undefined) => (
    <Button
      variant={variant}
      disabled={(choice.needsReason && !reasonOk) || other.pending}
      busy={choice.pending}
      onClick={() => choice.onChoose(trimmed)}
      data-testid={choice.testId}
    >
      {choice.label}
    </Button>
  );
  return (
    <section className={styles.decision} data-testid={testId}>
      {title ? <h3 className={styles.sectionTitle}>{title}</h3> : null}
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {errors.map((error, i) =>
        error ? <FormAlert key={i}>{errorMessage(error, t)}</FormAlert> : null,
      )}
      <label className={styles.filter}>
        {reasonLabel}
        <textarea
          value={reason}
          maxLength={REASON_MAX_LENGTH}
          rows={2}
          onChange={(event) => setReason(event.target.value)}
          placeholder={reasonPlaceholder}
          data-testid={reasonTestId}
        />
      </label>
      <div className={styles.actions}>
        {button(secondary, primary, 'outline')}
        {button(primary, secondary, undefined)}
      </div>
    </section>
  );
}
