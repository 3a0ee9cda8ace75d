import type { AnnouncementExecution } from '@banca/contracts';
import type { SessionStatus } from '@/stores/session-store';

/**
 * Which announcements the popup asks for (docs/product.md §4 "Announcements"): B for a visitor
 * with no session, A once logged in, F at the account's first login; none while a session found
 * at boot is still being checked or a forced password change is pending, so a member is not
 * shown the visitors' popup for a moment.
 */
export function popupExecution(session: {
  status: SessionStatus;
  firstTimeLogin: boolean;
}): AnnouncementExecution | null {
  if (session.status === 'anonymous') return 'B';
  if (session.status === 'loggedIn') return session.firstTimeLogin ? 'F' : 'A';
  return null;
}

/** Whose closed flag it is: the member's id, or the anonymous visitor's. */
export function popupOwner(memberId: number | null): string {
  return memberId === null ? 'anonymous' : `member:${memberId}`;
}

/** Longest list of owners kept: a shared computer's tab sees few members in one session. */
const MAX_OWNERS = 20;

/** The owners who closed the popup in this browser session, from the stored value. */
export function closedOwners(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The stored value once `owner` closed the popup (newest last, at most MAX_OWNERS). */
export function withClosed(stored: string | null, owner: string): string {
  const owners = closedOwners(stored).filter((o) => o !== owner);
  return JSON.stringify([...owners, owner].slice(-MAX_OWNERS));
}
