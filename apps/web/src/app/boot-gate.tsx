import { SystemStatus } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import {
  applyBrandTheme,
  BootErrorPage,
  BootSplash,
  MaintenancePage,
  RegionBlockPage,
  systemStatusQueryOptions,
} from '@/features/system';
import { chooseLanguage, currentLanguage, hasChosenLanguage } from '@/i18n';

/**
 * Boot (spec §1, §4): nothing renders before the site status is known. Maintenance and
 * region restriction replace the whole site (the server already decided which wins); a
 * status that cannot be loaded shows a retry screen rather than a blank page.
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

  if (status.data) {
    switch (status.data.status) {
      case SystemStatus.maintenance:
        return <MaintenancePage status={status.data} />;
      case SystemStatus.regionRestricted:
        return <RegionBlockPage status={status.data} />;
      default:
        return children;
    }
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
