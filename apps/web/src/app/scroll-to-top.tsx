import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Every route change starts at the top of the page (docs/product.md §2). A hash is left to the page
 * that owns it (help topics, promotion ids).
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
