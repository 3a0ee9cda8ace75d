import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';

/** QR codes on menus are 120 px (docs/product.md §9). */
const MENU_QR_SIZE_PX = 120;

/** App download: one QR code per platform, pointing at this site's /download?os=… page. */
export default function AppDownload() {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const platforms = [
    { os: 'ios', label: t('sideMenu.ios') },
    { os: 'android', label: t('sideMenu.android') },
  ] as const;
  return (
    <div className="app-download">
      <div className="app-download__codes">
        {platforms.map(({ os, label }) => (
          <figure key={os} className="app-download__code">
            <div className="app-download__qr">
              <QRCodeSVG
                value={`${origin}/download?os=${os}`}
                size={MENU_QR_SIZE_PX}
                marginSize={1}
                bgColor="#ffffff"
                fgColor="#0b1220"
                level="M"
                role="img"
                aria-label={t('sideMenu.qrLabel', { os: label })}
                data-testid={`app-qr-${os}`}
              />
            </div>
            <figcaption>{label}</figcaption>
          </figure>
        ))}
      </div>
      <p className="app-download__hint">{t('sideMenu.appDownloadHint')}</p>
    </div>
  );
}
