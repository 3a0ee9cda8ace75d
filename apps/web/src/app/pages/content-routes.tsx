import { LineDetectionDialog } from '@/features/content';
import { DownloadPage } from '@/features/download';
import { useSystemInfo } from '@/features/system';
import { HomeRoute } from '../route-elements';

/** /download: the app download page with the brand's resources (the APK among them). */
export function DownloadRoute() {
  return <DownloadPage resources={useSystemInfo().resources} />;
}

/** /lines: speed and line detection over home, timing the brand's mirror addresses. */
export function LinesRoute() {
  return (
    <>
      <HomeRoute />
      <LineDetectionDialog mirrors={useSystemInfo().domainRoute} />
    </>
  );
}
