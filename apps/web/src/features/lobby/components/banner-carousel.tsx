import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons';
import { useIdle } from '@/lib/use-idle';
import { useMediaQuery } from '@/lib/use-media-query';
import { BANNER_HEIGHT_PX, BANNER_WIDTH_PX, type HomeBanner } from '../lib/home-banners';
import type { CarouselApi, default as CarouselEngineComponent } from './carousel-engine';

/** Autoplay period (docs/product.md §9). */
const BANNER_AUTOPLAY_MS = 5000;
/**
 * Embla's `duration` is a speed factor, not milliseconds; 45 gives a slide change of about one
 * second, the spec's 1000 ms transition.
 */
const EMBLA_DURATION_FOR_ABOUT_1000_MS = 45;
/** Space between slides (docs/product.md §2: "15 px apart"). */
const SLIDE_GAP_PX = 15;

/**
 * Home banner carousel (docs/product.md §2): loops and autoplays only when there is more than one
 * banner; pauses while hovered or focused, while the tab is hidden, and for players who ask for
 * less motion. A click on a slide opens where its banner leads (a drag to another slide is not a
 * click): a page of this site (`route`), another site in a new tab (`external`), or nothing.
 *
 * The first slide is the page's largest paint: fetched first (index.html preloads it), never
 * lazily. The slides show as laid out by CSS from the first paint; the other slides' art and
 * the library that slides them (CarouselEngine) follow once the page is idle.
 */
export function BannerCarousel({ banners: all }: { banners: HomeBanner[] }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const banners = all.filter((banner) => !failed.has(banner.url));
  const several = banners.length > 1;
  const idle = useIdle();
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const Engine = useCarouselEngine(idle && several);
  const [embla, setEmbla] = useState<CarouselApi>();
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  useEffect(() => {
    if (!embla || !several || paused || reducedMotion) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) embla.scrollNext();
    }, BANNER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [embla, several, paused, reducedMotion, selected]);

  const markFailed = useCallback(
    (url: string) => setFailed((previous) => new Set(previous).add(url)),
    [],
  );

  if (banners.length === 0) return null;

  return (
    <section
      className="banner-carousel"
      aria-roledescription="carousel"
      aria-label={t('home.bannersLabel')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
      data-testid="banner-carousel"
    >
      {Engine && viewport ? (
        <Engine
          viewport={viewport}
          options={{ loop: several, active: several, duration: EMBLA_DURATION_FOR_ABOUT_1000_MS }}
          onReady={setEmbla}
        />
      ) : null}
      <div className="banner-carousel__viewport" ref={setViewport}>
        <div className="banner-carousel__track" style={{ gap: SLIDE_GAP_PX }}>
          {banners.map((banner, index) => (
            <div
              key={banner.id}
              className="banner-carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.bannerAlt', { index: index + 1, total: banners.length })}
            >
              <BannerLink banner={banner}>
                {index === 0 || idle ? (
                  <img
                    src={banner.url}
                    alt={banner.alt}
                    width={BANNER_WIDTH_PX}
                    height={BANNER_HEIGHT_PX}
                    fetchPriority={index === 0 ? 'high' : 'low'}
                    loading={index === 0 ? 'eager' : 'lazy'}
                    decoding="async"
                    draggable={false}
                    onError={() => markFailed(banner.url)}
                  />
                ) : (
                  // Same box as the art, so nothing moves when it arrives.
                  <span className="banner-carousel__art-pending" />
                )}
              </BannerLink>
            </div>
          ))}
        </div>
      </div>
      {several ? (
        <>
          <button
            type="button"
            className="banner-carousel__arrow is-prev"
            onClick={() => embla?.scrollPrev()}
            aria-label={t('home.previousBanner')}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="banner-carousel__arrow is-next"
            onClick={() => embla?.scrollNext()}
            aria-label={t('home.nextBanner')}
          >
            <ChevronRightIcon />
          </button>
          <div className="banner-carousel__dots">
            {banners.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                className={
                  index === selected ? 'banner-carousel__dot is-active' : 'banner-carousel__dot'
                }
                aria-label={t('home.goToBanner', { index: index + 1 })}
                aria-current={index === selected}
                onClick={() => embla?.scrollTo(index)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}

/**
 * The carousel's place while the banners are on their way: the first slide's box, exactly as
 * the art will fill it (same classes, so the same width and 3:1 aspect), so nothing below moves
 * when they arrive.
 */
export function BannerCarouselPlaceholder() {
  return (
    <div className="banner-carousel" aria-hidden="true" data-testid="banner-carousel-pending">
      <div className="banner-carousel__viewport">
        <div className="banner-carousel__track" style={{ gap: SLIDE_GAP_PX }}>
          <div className="banner-carousel__slide">
            <span className="banner-carousel__art-pending" />
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * A slide's art, opening what its banner leads to: a page of this site through the router, an
 * address elsewhere in a new tab, or nothing (no link at all, so no focus stop either).
 */
function BannerLink({ banner, children }: { banner: HomeBanner; children: ReactNode }) {
  const common = {
    className: 'banner-carousel__link',
    // Embla itself swallows the click that ends a drag.
    draggable: false,
    'data-linkage': banner.linkageType,
  };
  if (banner.linkageType === 'route' && banner.target)
    return (
      <Link to={banner.target} {...common} data-testid="banner-link">
        {children}
      </Link>
    );
  if (banner.linkageType === 'external' && banner.target)
    return (
      <a
        href={banner.target}
        target="_blank"
        rel="noopener noreferrer"
        {...common}
        data-testid="banner-link"
      >
        {children}
      </a>
    );
  return (
    <div {...common} data-testid="banner-art">
      {children}
    </div>
  );
}

/**
 * The carousel engine's code, loaded when `wanted` (once the page is idle). Should it fail to
 * load, the banners simply stay where they are: nothing else depends on it.
 */
function useCarouselEngine(wanted: boolean): typeof CarouselEngineComponent | null {
  const [Engine, setEngine] = useState<typeof CarouselEngineComponent | null>(null);
  useEffect(() => {
    if (!wanted || Engine) return;
    let current = true;
    import('./carousel-engine').then(
      (module) => {
        if (current) setEngine(() => module.default);
      },
      (error: unknown) => console.warn('The banner carousel could not load its engine', error),
    );
    return () => {
      current = false;
    };
  }, [wanted, Engine]);
  return Engine;
}
