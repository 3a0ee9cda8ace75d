import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect } from 'react';

export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;
export type CarouselOptions = Parameters<typeof useEmblaCarousel>[0];

/**
 * Embla, driving a carousel whose slides are already on screen (see BannerCarousel). A chunk
 * of its own, loaded once the page is idle: the first paint needs the banners, not the
 * library that slides them.
 */
export default function CarouselEngine({
  viewport,
  options,
  onReady,
}: {
  viewport: HTMLElement;
  options: CarouselOptions;
  onReady: (api: CarouselApi | undefined) => void;
}) {
  const [attach, api] = useEmblaCarousel(options);
  useEffect(() => {
    attach(viewport);
    return () => attach(null);
  }, [attach, viewport]);
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}
