import { SystemStatus } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import {
  applyBrandTheme,
  BootErrorPage,
  BootSplash,
  closedSitePagesChunk,
  systemStatusQueryOptions,
} from '@/features/system';
import { chooseLanguage, currentLanguage, hasChosenLanguage } from '@/i18n';
import { useLazyModule } from '@/lib/use-lazy-module';

/**
 * Boot (docs/product.md §1, §4): nothing renders before the site status is known. Maintenance and
 * region restriction replace the whole site (the server already decided which wins; their
 * pages are a chunk fetched only then); a status that cannot be loaded shows a retry screen
 * rather than a blank page.
 */
export function BootGate({ children }: { children: ReactNode }) {
  const status = useQuery(systemStatusQueryOptions());
  const info = status.data?.info;

  useLayoutEffect(() => {
    if (!info) return;
    applyBrandTheme(info.theme);
    document.title = info.brandName;
  }, [info]);

  // A brand whose default is not pt-BR applies it until the player picks a language.
  useEffect(() => {
    if (info && !hasChosenLanguage() && info.defaultLanguage !== currentLanguage()) {
      void chooseLanguage(info.defaultLanguage, { remember: false });
    }
  }, [info]);

  const closed =
    status.data?.status === SystemStatus.maintenance ||
    status.data?.status === SystemStatus.regionRestricted;
  const closedPages = useLazyModule(closedSitePagesChunk, closed);

  if (status.data && !closed) return children;
  if (status.data && closedPages.module) {
    const { MaintenancePage, RegionBlockPage } = closedPages.module;
    return status.data.status === SystemStatus.maintenance ? (
      <MaintenancePage status={status.data} />
    ) : (
      <RegionBlockPage status={status.data} />
    );
  }
  if (closedPages.failed) {
    return <BootErrorPage error={null} onRetry={closedPages.retry} retrying={false} />;
  }
  if (status.isError) {
    return (
      <BootErrorPage
        error={status.error}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  }
  return <BootSplash />;
}
