import { useCallback, useEffect, useState } from 'react';
import type { RetryableImport } from './chunk-loader';

/**
 * A split chunk for a part of a page that can wait (the footer, a member's header, the
 * closed-site pages): null until it is `wanted` and has arrived — at once if it already has.
 * A chunk that failed is reported (`failed`), and `retry` asks for it again.
 */
export function useLazyModule<M>(
  chunk: RetryableImport<M>,
  wanted: boolean,
): { module: M | null; failed: boolean; retry: () => void } {
  const [state, setState] = useState<{ module: M | null; failed: boolean; attempt: number }>(
    () => ({ module: chunk.loaded() ?? null, failed: false, attempt: 0 }),
  );
  useEffect(() => {
    if (!wanted || state.module || state.failed) return;
    let current = true;
    chunk.load().then(
      (module) => {
        if (current) setState((previous) => ({ ...previous, module }));
      },
      (error: unknown) => {
        console.warn(error);
        if (current) setState((previous) => ({ ...previous, failed: true }));
      },
    );
    return () => {
      current = false;
    };
  }, [chunk, wanted, state.module, state.failed, state.attempt]);
  const retry = useCallback(
    () => setState((previous) => ({ ...previous, failed: false, attempt: previous.attempt + 1 })),
    [],
  );
  return { module: state.module, failed: state.failed, retry };
}
