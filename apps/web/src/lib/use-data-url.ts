import { useEffect, useState } from 'react';

/**
 * A blob (an uploaded picture, an image fetched behind a session) as a `data:` URL to show in
 * an <img>: the page's CSP allows data: images, not blob: ones (http/security-headers.ts).
 * Null until read, and for no blob.
 */
export function useDataUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    let current = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (current) setUrl({ blob, url: String(reader.result) });
    };
    reader.readAsDataURL(blob);
    return () => {
      current = false;
    };
  }, [blob]);
  // A URL read from an earlier blob is never shown for the next one.
  return blob && url?.blob === blob ? url.url : null;
}
