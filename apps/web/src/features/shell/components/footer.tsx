import type { GameMenu, HelpTopic, PermissionInfo, Vendor } from '@banca/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryIcon } from '@/components/category-icon';
import { CATEGORY_ROUTES } from '@/lib/game-categories';
import { safeExternalUrl } from '@/lib/url';
import { SocialIcon } from './social-icons';

/** Marquee speed: each logo takes this long to cross, whatever the number of vendors. */
const MARQUEE_SECONDS_PER_LOGO = 2.5;

/** The content pages every visitor may want from any page (docs/content.md). */
const SERVICE_LINKS = [
  { to: '/feedback', label: 'feedback' },
  { to: '/winners', label: 'winners' },
  { to: '/depositTutorial', label: 'depositTutorial' },
  { to: '/lines', label: 'lines' },
  { to: '/download', label: 'download' },
] as const;

export type FooterProps = {
  info: PermissionInfo;
  menus: GameMenu[];
  helpTopics: HelpTopic[];
};

/**
 * The footer (docs/product.md §2): social channels, game categories, help topics, the service
 * pages, vendor logos.
 */
export function Footer({ info, menus, helpTopics }: FooterProps) {
  const { t } = useTranslation();
  const brand = info.theme.logoText || info.brandName;
  const vendors = uniqueVendors(menus);
  const socials = info.socialChannels.flatMap(({ channel, url }) => {
    const href = safeExternalUrl(url);
    return href ? [{ channel, href }] : [];
  });

  return (
    <footer className="site-footer" data-testid="footer">
      <div className="site-footer__inner">
        <div className="site-footer__columns">
          <section className="site-footer__brand">
            <p className="brand-logo brand-logo--static">
              <span className="brand-logo__mark" aria-hidden="true">
                {brand.slice(0, 1)}
              </span>
              <span className="brand-logo__text">{brand}</span>
            </p>
            {socials.length > 0 ? (
              <>
                <h2 className="site-footer__heading">{t('footer.followUs')}</h2>
                <ul className="site-footer__socials">
                  {socials.map(({ channel, href }) => (
                    <li key={channel}>
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="social-link"
                        aria-label={t('footer.socialLink', {
                          brand: info.brandName,
                          channel: t(`social.${channel}`),
                        })}
                        title={t(`social.${channel}`)}
                        data-channel={channel}
                      >
                        <SocialIcon channel={channel} />
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>

          {menus.length > 0 ? (
            <section>
              <h2 className="site-footer__heading">{t('footer.games')}</h2>
              <ul className="site-footer__links">
                {menus.map(({ gameCategory }) => (
                  <li key={gameCategory}>
                    <Link to={CATEGORY_ROUTES[gameCategory]}>
                      <CategoryIcon category={gameCategory} width={16} height={16} />
                      {t(`categories.${gameCategory}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {helpTopics.length > 0 ? (
            <section>
              <h2 className="site-footer__heading">{t('footer.help')}</h2>
              <ul className="site-footer__links">
                {helpTopics.map((topic) => (
                  <li key={topic.id}>
                    <Link to={`/helpmc#${encodeURIComponent(topic.key)}`}>{topic.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section>
            <h2 className="site-footer__heading">{t('footer.services')}</h2>
            <ul className="site-footer__links" data-testid="footer-services">
              {SERVICE_LINKS.map(({ to, label }) => (
                <li key={to}>
                  <Link to={to}>{t(`footer.${label}`)}</Link>
                </li>
              ))}
            </ul>
          </section>
        </div>

        {vendors.length > 0 ? (
          <section className="site-footer__vendors">
            <h2 className="site-footer__heading">{t('footer.providers')}</h2>
            {/* A looping strip: the list twice, the copy hidden from assistive technology. */}
            <div
              className="vendor-marquee"
              style={{
                ['--marquee-duration' as string]: `${vendors.length * MARQUEE_SECONDS_PER_LOGO}s`,
              }}
            >
              <div className="vendor-marquee__track">
                {[false, true].map((copy) => (
                  <ul
                    key={String(copy)}
                    className="vendor-marquee__list"
                    aria-hidden={copy || undefined}
                  >
                    {vendors.map((vendor) => (
                      <li key={vendor.code} className="site-footer__vendor" title={vendor.name}>
                        <img
                          src={vendor.logoUrl}
                          alt={copy ? '' : vendor.name}
                          width={96}
                          height={32}
                          loading="lazy"
                          decoding="async"
                        />
                      </li>
                    ))}
                  </ul>
                ))}
              </div>
            </div>
          </section>
        ) : null}

        <div className="site-footer__legal">
          <p className="site-footer__responsible">
            <span className="age-badge">{t('footer.ageBadge', { age: info.ageConfirmation })}</span>
            <span>{t('footer.responsibleGaming', { age: info.ageConfirmation })}</span>
          </p>
          <p className="site-footer__copyright">
            {t('footer.copyright', { year: new Date().getFullYear(), brand: info.brandName })}
          </p>
        </div>
      </div>
    </footer>
  );
}

function uniqueVendors(menus: GameMenu[]): Vendor[] {
  const seen = new Map<string, Vendor>();
  for (const menu of menus)
    for (const vendor of menu.vendors) if (!seen.has(vendor.code)) seen.set(vendor.code, vendor);
  return [...seen.values()];
}
