import { useState } from 'react';
import { loadCataloguePart } from '@/i18n';
import { createRetryableImport } from '@/lib/chunk-loader';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { useIdle } from '@/lib/use-idle';
import { useLazyModule } from '@/lib/use-lazy-module';
import { useSessionStore } from '@/stores/session-store';
import { closedOwners, popupExecution, popupOwner, withClosed } from '../lib/announcement-popup';

/** The popup and its texts, a chunk of their own: asked for once the page has gone idle. */
const announcementPopupChunk = createRetryableImport(
  () =>
    Promise.all([import('./announcement-popup'), loadCataloguePart('content')]).then(
      ([module]) => module,
    ),
  'HelpCenter',
);

/**
 * Shows the announcement popup on every page of the main layout (docs/product.md §4): asked for
 * again when the login state or the language changes (its query key holds both), shown once per
 * session unless closed, the closed flag kept per member or anonymous visitor in session storage
 * (which a logout clears).
 */
export function AnnouncementPopupHost() {
  const status = useSessionStore((session) => session.status);
  const firstTimeLogin = useSessionStore((session) => session.firstTimeLogin);
  const memberId = useSessionStore((session) => session.member?.id ?? null);
  const execution = popupExecution({ status, firstTimeLogin });
  const owner = popupOwner(memberId);
  const [closedNow, setClosedNow] = useState<string[]>([]);
  const closed =
    closedNow.includes(owner) ||
    closedOwners(readStorage('session', STORAGE_KEYS.announcementsClosed)).includes(owner);
  const idle = useIdle();
  const Popup = useLazyModule(announcementPopupChunk, idle && execution !== null && !closed).module
    ?.default;
  if (!Popup || execution === null) return null;
  return (
    <Popup
      key={`${owner}:${execution}`}
      execution={execution}
      closed={closed}
      onClose={() => {
        writeStorage(
          'session',
          STORAGE_KEYS.announcementsClosed,
          withClosed(readStorage('session', STORAGE_KEYS.announcementsClosed), owner),
        );
        setClosedNow((owners) => [...owners, owner]);
      }}
    />
  );
}
