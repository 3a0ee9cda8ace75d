import { useSessionStore } from '@/stores/session-store';

/**
 * Who is browsing: a logged-in member (favourites, recent games, launching) or a visitor. A
 * session still being restored counts as a visitor until member info is in.
 */
export function useMember(): { isLoggedIn: boolean; username: string | null } {
  const isLoggedIn = useSessionStore((session) => session.isLoggedIn);
  const username = useSessionStore((session) => session.username);
  return { isLoggedIn: isLoggedIn && username !== null, username: isLoggedIn ? username : null };
}
