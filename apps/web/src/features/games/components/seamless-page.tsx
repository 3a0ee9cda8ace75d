import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { buttonClassName } from '@/components/button';
import { ArrowRightIcon, ChevronLeftIcon, MonitorIcon } from '@/components/icons';
import { useSessionStore } from '@/stores/session-store';
import { frameableLaunchUrl } from '../lib/launch-url';
import styles from './seamless-page.module.css';

/**
 * While the game is open the provider moves the money, not this app: the balance is asked for
 * again this often (and when the window gets the focus back, and when the player leaves).
 * 10 s keeps the figure close to the game's own without a noticeable load (one small read).
 */
const BALANCE_REFRESH_MS = 10_000;
/** Where "back" goes when the page was opened directly (no lobby in the history). */
const LOBBY_PATH = '/';

/**
 * The seamless game page (/seamless, docs/product.md §2; no side menu): the launched game
 * (`?url=`, the vendor's address with the game session's token) framed to fill the screen under
 * a slim bar with the way back, the game's name and vendor, the member's balance and full
 * screen. The balance is refreshed while playing and on the way out.
 */
export default function SeamlessPage({
  balance,
  refreshBalance,
}: {
  /** The member's balance figure (the app composes it from the wallet). */
  balance?: ReactNode;
  /** Asks for the balance again (the provider moved the money, not this app). */
  refreshBalance?: () => void;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = frameableLaunchUrl(params.get('url'));
  const name = params.get('name') ?? '';
  const vendor = params.get('vendor') ?? '';
  const page = useRef<HTMLElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useSessionStore((session) => session.status === 'loggedIn');
  useBalanceRefresh(Boolean(url) && loggedIn, refreshBalance);

  // Back to where the game was opened (the lobby), or home when the page was opened directly.
  const back = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate(LOBBY_PATH);
  };

  if (!url)
    return (
      <section
        className={styles.empty}
        data-testid="seamless-page"
        aria-label={t('lobby.seamless.title')}
      >
        <div className={styles.offline} data-testid="seamless-no-game">
          <h1 className={styles.offlineTitle}>{t('lobby.seamless.noGameTitle')}</h1>
          <p className={styles.offlineText}>{t('lobby.seamless.noGameText')}</p>
          <Link to={LOBBY_PATH} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            {t('lobby.seamless.backToLobby')}
            <ArrowRightIcon width={18} height={18} />
          </Link>
        </div>
      </section>
    );

  return (
    <section
      className={styles.page}
      ref={page}
      data-testid="seamless-page"
      aria-label={name || t('lobby.seamless.title')}
    >
      <header className={styles.bar}>
        <button
          type="button"
          className={styles.back}
          onClick={back}
          data-testid="seamless-back"
          aria-label={t('lobby.seamless.backToLobby')}
        >
          <ChevronLeftIcon width={20} height={20} />
          <span className={styles.backLabel}>{t('lobby.seamless.lobby')}</span>
        </button>
        <div className={styles.title}>
          <h1 className={styles.name} data-testid="seamless-game-name">
            {name || t('lobby.seamless.title')}
          </h1>
          {vendor ? <span className={styles.vendor}>{vendor}</span> : null}
        </div>
        {loggedIn && balance ? (
          <div className={styles.balance} data-testid="seamless-balance">
            <span className={styles.balanceLabel}>{t('lobby.seamless.balance')}</span>
            <strong className={styles.balanceValue}>{balance}</strong>
          </div>
        ) : null}
        <button
          type="button"
          className={styles.tool}
          onClick={() => void page.current?.requestFullscreen?.()}
          aria-label={t('lobby.seamless.fullscreen')}
          title={t('lobby.seamless.fullscreen')}
        >
          <MonitorIcon width={18} height={18} />
        </button>
      </header>
      <div className={styles.stage}>
        <iframe
          className={styles.frame}
          src={url}
          title={name || t('lobby.seamless.frameTitle')}
          allow="autoplay; fullscreen; clipboard-write"
          allowFullScreen
          referrerPolicy="no-referrer"
          data-testid="seamless-frame"
        />
      </div>
    </section>
  );
}

/** Refreshes the balances every BALANCE_REFRESH_MS while visible, on focus, and on leaving. */
function useBalanceRefresh(active: boolean, refreshBalance: (() => void) | undefined) {
  // The latest callback, so a new one from the parent does not restart the timer.
  const latest = useRef(refreshBalance);
  latest.current = refreshBalance;
  useEffect(() => {
    if (!active) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') latest.current?.();
    };
    const timer = setInterval(refresh, BALANCE_REFRESH_MS);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
      // Back in the lobby: the header shows what the rounds left.
      latest.current?.();
    };
  }, [active]);
}
