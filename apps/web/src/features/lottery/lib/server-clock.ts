import { useEffect, useState } from 'react';

/**
 * The server's clock as the page sees it: the offset between the server's time in the last
 * answer and this device's clock, so a countdown ends when the server closes betting, not when
 * a device whose clock runs fast thinks it does.
 */
export function serverOffsetMs(serverTimeUtc: string, receivedAtMs: number): number {
  return Date.parse(serverTimeUtc) - receivedAtMs;
}

/** Re-renders every `everyMs` with the server's time now. */
export function useServerNow(offsetMs: number, everyMs = 250): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    const id = setInterval(() => setNow(Date.now() + offsetMs), everyMs);
    return () => clearInterval(id);
  }, [offsetMs, everyMs]);
  return now;
}
