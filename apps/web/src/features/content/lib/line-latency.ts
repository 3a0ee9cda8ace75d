/** A mirror address of the brand and what timing it gave (docs/content.md "Line detection"). */
export type LineResult = { name: string; url: string; latencyMs: number | null };

/** Fastest first; addresses that did not answer last, in their configured order. */
export function sortLines(results: readonly LineResult[]): LineResult[] {
  return results
    .map((result, index) => ({ result, index }))
    .sort((a, b) => {
      const x = a.result.latencyMs;
      const y = b.result.latencyMs;
      if (x === null && y === null) return a.index - b.index;
      if (x === null) return 1;
      if (y === null) return -1;
      return x - y || a.index - b.index;
    })
    .map(({ result }) => result);
}

/** The fastest of a few tries: the first pays for DNS and the connection, later ones do not. */
export function bestOf(samplesMs: readonly (number | null)[]): number | null {
  const answered = samplesMs.filter((sample): sample is number => sample !== null);
  return answered.length === 0 ? null : Math.round(Math.min(...answered));
}

/** The same page on another address: its path, query and hash kept; null for a bad address. */
export function switchedUrl(
  mirror: string,
  here: { pathname: string; search: string; hash: string },
) {
  try {
    const target = new URL(mirror);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
    return `${target.origin}${here.pathname}${here.search}${here.hash}`;
  } catch {
    return null;
  }
}

/** Whether a mirror is the address the page is open on. */
export function isCurrentOrigin(mirror: string, origin: string): boolean {
  try {
    return new URL(mirror).origin === origin;
  } catch {
    return false;
  }
}
