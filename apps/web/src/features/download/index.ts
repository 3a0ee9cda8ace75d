import { lazyArea } from '@/components/lazy-area';
import { loadCataloguePart } from '@/i18n';
import type { DownloadPageProps } from './components/download-page';

/** App download (/download): QR codes and install guides, a chunk with the content texts. */
export const DownloadPage = lazyArea<DownloadPageProps>('Download', () =>
  Promise.all([import('./components/download-page'), loadCataloguePart('content')]).then(
    ([module]) => module,
  ),
);
