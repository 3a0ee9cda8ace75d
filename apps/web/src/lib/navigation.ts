import { useCallback } from 'react';
import { createPath, useLocation, useNavigate, type NavigateOptions, type To } from 'react-router';

type LocationParts = { pathname: string; search: string; hash: string };

function toPath(to: To): string {
  return typeof to === 'string' ? to : createPath(to);
}

/**
 * True when navigating to `to` would land on the location already shown. Query order and a
 * trailing slash do not make a different page.
 */
export function isSameLocation(current: LocationParts, to: To): boolean {
  const target = new URL(toPath(to), 'http://x' + current.pathname);
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  const sortedQuery = (search: string) => {
    const params = new URLSearchParams(search);
    params.sort();
    return params.toString();
  };
  return (
    trim(target.pathname) === trim(current.pathname) &&
    sortedQuery(target.search) === sortedQuery(current.search) &&
    target.hash === current.hash
  );
}

/**
 * `navigate` that ignores a navigation to the current location (docs/product.md §2: duplicate-route
 * navigations are ignored), so clicking "Log in" twice does not stack history entries.
 */
export function useAppNavigate(): (to: To, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: To, options?: NavigateOptions) => {
      if (isSameLocation(location, to)) return;
      void navigate(to, options);
    },
    [navigate, location],
  );
}
