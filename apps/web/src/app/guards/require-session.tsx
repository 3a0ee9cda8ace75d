import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionStore } from '@/stores/session-store';

/**
 * Lottery pages need a session token, otherwise /login (docs/product.md §8). The page asked for
 * travels in the navigation state so the login can return to it.
 */
export function RequireSession() {
  const token = useSessionStore((session) => session.token);
  const location = useLocation();
  return token ? <Outlet /> : <Navigate to="/login" replace state={{ from: location }} />;
}
