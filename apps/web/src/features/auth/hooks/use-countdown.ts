import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a moment, ticking once a second; 0 when nothing is counting. */
export function useCountdown(): { remainingSeconds: number; start: (seconds: number) => void } {
  const [endsAtMs, setEndsAtMs] = useState<number | null>(null);
  const [nowMs, setNowMs] = useState(() => Date.now());

  useEffect(() => {
    if (endsAtMs === null) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setNowMs(now);
      if (now >= endsAtMs) setEndsAtMs(null);
    }, 1_000);
    return () => clearInterval(timer);
  }, [endsAtMs]);

  const start = useCallback((seconds: number) => {
    const now = Date.now();
    setNowMs(now);
    setEndsAtMs(now + seconds * 1_000);
  }, []);

  const remainingSeconds =
    endsAtMs === null ? 0 : Math.max(0, Math.ceil((endsAtMs - nowMs) / 1_000));
  return { remainingSeconds, start };
}
