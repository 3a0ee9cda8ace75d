import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { GlobeIcon, RefreshIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { isCurrentOrigin, sortLines, switchedUrl, type LineResult } from '../lib/line-latency';
import { probeLine } from '../lib/probe-line';
import styles from './content.module.css';

/**
 * Speed and line detection (docs/product.md §2): the brand's mirror addresses (the status
 * payload's domainRoute) timed from this browser, fastest first, each with a switch to the same
 * page there. Opened at /lines, over home; closing returns home.
 */
export type LineDetectionProps = {
  /** The brand's mirror addresses: the status payload's domainRoute. */
  mirrors: readonly { name: string; url: string }[];
};

export default function LineDetectionDialog({ mirrors }: LineDetectionProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [results, setResults] = useState<LineResult[] | null>(null);

  const measure = useCallback(async () => {
    setResults(null);
    const measured = await Promise.all(
      mirrors.map(async (mirror) => ({ ...mirror, latencyMs: await probeLine(mirror.url) })),
    );
    setResults(sortLines(measured));
  }, [mirrors]);

  useEffect(() => {
    void measure();
  }, [measure]);

  const origin = window.location.origin;
  return (
    <Dialog
      open
      onClose={() => void navigate('/', { replace: true })}
      title={
        <span className={styles.dialogTitle}>
          <GlobeIcon />
          {t('content.lines.title')}
        </span>
      }
      size="md"
      data-testid="line-detection"
    >
      <p className={styles.muted}>{t('content.lines.subtitle')}</p>
      {mirrors.length === 0 ? <p>{t('content.lines.empty')}</p> : null}
      {results === null && mirrors.length > 0 ? (
        <p className={styles.measuring}>
          <Spinner sizePx={16} /> {t('content.lines.measuring')}
        </p>
      ) : null}
      {results ? (
        <ul className={styles.lines} data-testid="line-list">
          {results.map((line, index) => {
            const current = isCurrentOrigin(line.url, origin);
            const target = switchedUrl(line.url, window.location);
            return (
              <li key={line.url} className={styles.line} data-current={current}>
                <span className={styles.lineName}>
                  <strong>{line.name}</strong>
                  <span className={styles.muted}>{line.url}</span>
                </span>
                <span className={styles.latency} data-ok={line.latencyMs !== null}>
                  {line.latencyMs === null
                    ? t('content.lines.failed')
                    : t('content.lines.latency', { ms: line.latencyMs })}
                  {index === 0 && line.latencyMs !== null ? (
                    <span className={styles.badge}>{t('content.lines.fastest')}</span>
                  ) : null}
                </span>
                {current ? (
                  <span className={styles.muted}>{t('content.lines.current')}</span>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={!target}
                    onClick={() => target && window.location.assign(target)}
                  >
                    {t('content.lines.switch')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={() => void measure()} disabled={results === null}>
          <RefreshIcon />
          {t('content.lines.retest')}
        </Button>
      </div>
    </Dialog>
  );
}
