import type { ReactNode } from 'react';
import { useProgressiveCount } from '@/lib/use-idle';

/**
 * Renders the first `initial` of `parts` with the page and the others one at a time while the
 * browser is idle (see useProgressiveCount). The count lives here, not in the caller, so each
 * step renders only the part it adds: the parts already shown are the same elements and React
 * skips them.
 */
export function Progressive({ parts, initial }: { parts: ReactNode[]; initial: number }) {
  const shown = useProgressiveCount(parts.length, initial);
  return parts.slice(0, shown);
}
