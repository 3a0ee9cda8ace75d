import { useSyncExternalStore } from 'react';

/** Subscribes to a CSS media query; `false` where matchMedia does not exist. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The side menu docks beside the content from this width; below it, it is a drawer. */
export const DESKTOP_MEDIA_QUERY = '(min-width: 1024px)';
