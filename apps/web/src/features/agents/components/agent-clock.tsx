import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clockFace, gmtOffset } from '../lib/clock';
import styles from './agent-centre.module.css';

/** Ticks once a second (docs/product.md §9: the agent clock ticks every 1 s). */
const CLOCK_TICK_MS = 1000;

/** The brand's GMT offset and its time, updated every second. */
export function AgentClock({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className={styles.clock} data-testid="agent-clock">
      <span className={styles.clockOffset}>
        {t('agents.clock', { offset: gmtOffset(timeZone, now) })}
      </span>
      <time className={styles.clockTime} dateTime={now.toISOString()}>
        {clockFace(timeZone, now)}
      </time>
    </p>
  );
}
