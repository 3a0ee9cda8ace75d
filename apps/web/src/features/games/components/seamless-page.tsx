import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '@/components/button';
import { ArrowRightIcon } from '@/components/icons';
import { frameableLaunchUrl } from '../lib/launch-url';
import './seamless.css';

/**
 * The seamless game page (/seamless, docs/product.md §2; no side menu): the launched game (`?url=`)
 * in a frame. Without a game address — today always, the vendor integration is not connected yet —
 * the frame says so and leads back to the games.
 */
export default function SeamlessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = frameableLaunchUrl(params.get('url'));
  const frame = useRef<HTMLDivElement>(null);
  return (
    <section
      className="seamless"
      data-testid="seamless-page"
      aria-label={t('lobby.seamless.title')}
    >
      <div className="seamless__frame" ref={frame}>
        {url ? (
          <iframe
            className="seamless__game"
            src={url}
            title={t('lobby.seamless.frameTitle')}
            allow="autoplay; fullscreen; clipboard-write"
            allowFullScreen
            referrerPolicy="no-referrer"
            data-testid="seamless-frame"
          />
        ) : (
          <div className="seamless__offline" data-testid="seamless-not-connected">
            <span className="seamless__plug" aria-hidden="true">
              <svg
                viewBox="0 0 64 64"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M22 8v12M42 8v12M16 20h32v10a16 16 0 0 1-32 0V20zM32 46v10" />
                <path d="M10 54l44-44" className="seamless__plug-cut" />
              </svg>
            </span>
            <h1 className="seamless__title">{t('lobby.seamless.notConnectedTitle')}</h1>
            <p className="seamless__text">{t('lobby.seamless.notConnectedText')}</p>
            <Link to="/" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
              {t('lobby.seamless.backToLobby')}
              <ArrowRightIcon width={18} height={18} />
            </Link>
          </div>
        )}
      </div>
      {url ? (
        <div className="seamless__bar">
          <Link to="/" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            {t('lobby.seamless.backToLobby')}
          </Link>
          <button
            type="button"
            className={buttonClassName({ variant: 'ghost', size: 'sm' })}
            onClick={() => void frame.current?.requestFullscreen?.()}
          >
            {t('lobby.seamless.fullscreen')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
