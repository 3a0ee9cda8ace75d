import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buttonClassName } from '@/components/button';
import { PhoneDownloadIcon, SmartphoneIcon } from '@/components/icons';
import { safeExternalUrl } from '@/lib/url';
import styles from './download-page.module.css';

/** QR codes on the download screens are 120 px (docs/product.md §9), with a quiet zone. */
const QR_SIZE_PX = 120;

/** The brand's Android installer: the resource whose address is an .apk (configuration). */
function apkUrlOf(resources: readonly { labelNameEn: string; url: string }[]): string | null {
  const apk = resources.find((resource) => /\.apk(\?|#|$)/i.test(resource.url));
  return apk ? safeExternalUrl(apk.url) : null;
}

/**
 * App download (/download, `?os=ios|android` opens on one): a QR code per platform leading to
 * this page on the phone, the Android APK from the brand's configuration, and the iOS and lite
 * installation guides (Safari required; iOS 17's manual profile install).
 */
export type DownloadPageProps = {
  /** The brand's resources (status payload): the Android installer is among them. */
  resources: readonly { labelNameEn: string; url: string }[];
};

export default function DownloadPage({ resources }: DownloadPageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const os = params.get('os');
  const apk = apkUrlOf(resources);
  const here = `${window.location.origin}/download`;
  const platforms = [
    { key: 'ios' as const, title: t('content.download.ios'), url: `${here}?os=ios` },
    { key: 'android' as const, title: t('content.download.android'), url: `${here}?os=android` },
  ];
  const guides = [
    {
      key: 'ios',
      title: t('content.download.iosGuide'),
      steps: [
        t('content.download.iosSteps.safari'),
        t('content.download.iosSteps.share'),
        t('content.download.iosSteps.add'),
        t('content.download.iosSteps.profile'),
      ],
    },
    {
      key: 'android',
      title: t('content.download.androidGuide'),
      steps: [
        t('content.download.androidSteps.download'),
        t('content.download.androidSteps.allow'),
        t('content.download.androidSteps.open'),
      ],
    },
    {
      key: 'lite',
      title: t('content.download.liteGuide'),
      steps: [
        t('content.download.liteSteps.open'),
        t('content.download.liteSteps.menu'),
        t('content.download.liteSteps.use'),
      ],
    },
  ];
  return (
    <div className={styles.page} data-testid="download-page">
      <header className={styles.hero}>
        <span className={styles.heroIcon}>
          <PhoneDownloadIcon />
        </span>
        <div>
          <h1 className={styles.title}>{t('content.download.title')}</h1>
          <p className={styles.subtitle}>{t('content.download.subtitle')}</p>
        </div>
      </header>
      <div className={styles.platforms}>
        {platforms.map((platform) => (
          <section
            key={platform.key}
            className={styles.platform}
            data-selected={os === platform.key}
            data-testid={`download-${platform.key}`}
          >
            <h2 className={styles.platformTitle}>
              <SmartphoneIcon />
              {platform.title}
            </h2>
            <div className={styles.qr}>
              <QRCodeSVG
                value={platform.url}
                size={QR_SIZE_PX}
                marginSize={2}
                title={platform.title}
              />
            </div>
            <p className={styles.muted}>{t('content.download.scan')}</p>
            {platform.key === 'android' ? (
              apk ? (
                <a href={apk} className={buttonClassName({})} download data-testid="download-apk">
                  {t('content.download.apk')}
                </a>
              ) : (
                <p className={styles.muted}>{t('content.download.apkMissing')}</p>
              )
            ) : null}
          </section>
        ))}
      </div>
      <div className={styles.guides}>
        {guides.map((guide) => (
          <section key={guide.key} className={styles.guide} data-selected={os === guide.key}>
            <h2 className={styles.guideTitle}>{guide.title}</h2>
            <ol className={styles.guideSteps}>
              {guide.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}
