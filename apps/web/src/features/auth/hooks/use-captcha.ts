import { useCallback, useEffect, useRef, useState } from 'react';
import { getCaptcha, type Captcha } from '../api/get-captcha';

/** Spec §4/§9: the player may ask for a new captcha image at most once a second. */
export const CAPTCHA_REFRESH_INTERVAL_MS = 1_000;

export type CaptchaState = {
  captcha: Captcha | null;
  loading: boolean;
  error: unknown;
  /** The player's refresh button: ignored within a second of the previous load. */
  refresh: () => void;
  /** After a failed attempt: the server consumed the captcha, a new one is needed now. */
  reload: () => void;
};

/** The captcha of a form, loaded while `active` (after the server first asked for one). */
export function useCaptcha(active: boolean): CaptchaState {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const lastLoadMs = useRef(0);
  const generation = useRef(0);

  const load = useCallback(async (force: boolean) => {
    const now = Date.now();
    if (!force && now - lastLoadMs.current < CAPTCHA_REFRESH_INTERVAL_MS) return;
    lastLoadMs.current = now;
    // Only the newest request may set the image: answers can arrive out of order.
    const mine = ++generation.current;
    setLoading(true);
    try {
      const next = await getCaptcha();
      if (mine !== generation.current) return;
      setCaptcha(next);
      setError(null);
    } catch (failure) {
      if (mine === generation.current) setError(failure);
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (active) void load(true);
  }, [active, load]);

  return {
    captcha,
    loading,
    error,
    refresh: useCallback(() => void load(false), [load]),
    reload: useCallback(() => void load(true), [load]),
  };
}
