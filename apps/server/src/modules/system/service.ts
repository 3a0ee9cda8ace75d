import {
  SystemStatus,
  resolveLanguage,
  type HelpTopic,
  type Language,
  type SystemStatusPayload,
  type SystemStatusCode,
} from '@banca/contracts';
import { AppError } from '../../http/errors';
import { refreshingValue } from '../../lib/refreshing-value';
import { sanitizeRichText } from '../../lib/rich-text';
import { brandSettingsSchema, type Brand, type BrandSettings } from './brand-settings';
import { ipInAny, isRegionRestricted } from './region';
import type { SystemRepository } from './repository';

/**
 * Brands change rarely and are read on every request, so they are cached in-process. The TTL
 * bounds how long another instance's change takes to show here; changes made through this
 * service are visible at once.
 */
const BRAND_CACHE_TTL_MS = 5_000;

type BrandIndex = {
  byCode: Map<string, Brand>;
  byDomain: Map<string, string>;
  defaultCode: string | null;
};

export type VisitorContext = { brand: Brand; ip: string };

export function createSystemService(repo: SystemRepository, now: () => number = Date.now) {
  async function loadIndex(): Promise<BrandIndex> {
    const [rows, domains] = await Promise.all([repo.listBrands(), repo.listDomains()]);
    const byCode = new Map<string, Brand>();
    let defaultCode: string | null = null;
    for (const row of rows) {
      byCode.set(row.merchant_code, {
        merchantCode: row.merchant_code,
        name: row.name,
        currency: row.currency,
        currencySymbol: row.currency_symbol,
        countryCode: row.country_code,
        countryDialingCode: row.country_dialing_code,
        timeZone: row.time_zone,
        defaultLanguage: resolveLanguage(row.default_language),
        settings: brandSettingsSchema.parse(row.settings),
      });
      if (row.is_default) defaultCode = row.merchant_code;
    }
    const byDomain = new Map(domains.map((d) => [d.domain, d.merchantCode]));
    return { byCode, byDomain, defaultCode };
  }

  const brandIndex = refreshingValue({
    load: loadIndex,
    maxAgeMs: BRAND_CACHE_TTL_MS,
    refreshAfterMs: BRAND_CACHE_TTL_MS / 2,
    now,
  });
  const brands = () => brandIndex.get();

  function invalidate(): void {
    brandIndex.invalidate();
  }

  /**
   * The brand a request belongs to: the `Merchant` header when it names a brand, else the host
   * name's brand, else the default brand (docs/product.md §9).
   */
  async function resolveBrand(
    merchantHeader: string | undefined,
    hostname: string,
  ): Promise<Brand> {
    const idx = await brands();
    if (merchantHeader) {
      const brand = idx.byCode.get(merchantHeader);
      if (!brand) throw new AppError('unknown_merchant');
      return brand;
    }
    const host = hostname.toLowerCase().replace(/:\d+$/, '');
    const code = idx.byDomain.get(host) ?? idx.defaultCode;
    const brand = code ? idx.byCode.get(code) : undefined;
    if (!brand) throw new AppError('unknown_merchant');
    return brand;
  }

  /**
   * Status for this visitor: maintenance (1) wins over region restriction (2) (docs/product.md §4).
   */
  function statusFor({ brand, ip }: VisitorContext): SystemStatusCode {
    const { maintenance, region } = brand.settings;
    if (maintenance.enabled && !ipInAny(ip, maintenance.bypassCidrs))
      return SystemStatus.maintenance;
    if (isRegionRestricted(ip, region)) return SystemStatus.regionRestricted;
    return SystemStatus.normal;
  }

  /** Throws when the site is closed to this visitor; used by every route outside /wps/system. */
  function assertOpen(visitor: VisitorContext): void {
    const status = statusFor(visitor);
    if (status === SystemStatus.maintenance) throw new AppError('site_maintenance');
    if (status === SystemStatus.regionRestricted)
      throw new AppError('region_restricted', { params: { ip: visitor.ip } });
  }

  function permission(visitor: VisitorContext): SystemStatusPayload {
    const { brand, ip } = visitor;
    const s = brand.settings;
    const status = statusFor(visitor);
    return {
      status,
      maintenance: status === SystemStatus.maintenance,
      regionRestriction: status === SystemStatus.regionRestricted,
      maintenanceNote: status === SystemStatus.maintenance ? s.maintenance.note : null,
      location: { ip },
      info: {
        merchantCode: brand.merchantCode,
        brandName: brand.name,
        customerService: s.customerService,
        domainRoute: s.domainRoute,
        resources: s.resources,
        whitelabel: s.whitelabel,
        siteFlags: s.siteFlags,
        register: s.register,
        mainDomain: s.mainDomain,
        analytics: s.analytics,
        imageCDNs: s.imageCDNs,
        launchGameCDNs: s.launchGameCDNs,
        socialChannels: s.socialChannels,
        currency: brand.currency,
        currencySymbol: brand.currencySymbol,
        timeZone: brand.timeZone,
        defaultLanguage: brand.defaultLanguage,
        languages: ['pt-BR', 'en'],
        ageConfirmation: s.ageConfirmation,
        theme: s.theme,
      },
    };
  }

  /** A brand by its merchant code (jobs and handlers that act outside a request), or null. */
  async function brandByCode(merchantCode: string): Promise<Brand | null> {
    return (await brands()).byCode.get(merchantCode) ?? null;
  }

  /** Every brand, by merchant code (the console's brand pickers). */
  async function allBrands(): Promise<Brand[]> {
    return [...(await brands()).byCode.values()].sort((a, b) =>
      a.merchantCode.localeCompare(b.merchantCode),
    );
  }

  async function helpTopics(brand: Brand, language: Language): Promise<HelpTopic[]> {
    const rows = await repo.listHelpTopics(brand.merchantCode, language);
    // Sanitised on display too: a topic stored before the console's editor (or by hand) reaches
    // no browser with script in it.
    return rows.map((r) => ({
      id: r.id,
      key: r.topic_key,
      title: r.title,
      content: sanitizeRichText(r.content),
    }));
  }

  /** Every help topic of a brand, all languages (the console's content desk). */
  async function allHelpTopics(merchantCode: string) {
    const rows = await repo.allHelpTopics(merchantCode);
    return rows.map((r) => ({
      id: r.id,
      key: r.topic_key,
      language: r.language,
      title: r.title,
      content: r.content,
      sortOrder: r.sort_order,
    }));
  }

  /** Creates or replaces a help topic (a key in a language); the caller sanitised the text. */
  async function saveHelpTopic(topic: {
    merchantCode: string;
    key: string;
    language: Language;
    title: string;
    content: string;
    sortOrder: number;
  }) {
    const r = await repo.saveHelpTopic({
      merchant_code: topic.merchantCode,
      topic_key: topic.key,
      language: topic.language,
      title: topic.title,
      content: topic.content,
      sort_order: topic.sortOrder,
    });
    return {
      id: r.id,
      key: r.topic_key,
      language: r.language,
      title: r.title,
      content: r.content,
      sortOrder: r.sort_order,
    };
  }

  /** Removes a help topic; the removed row (for the audit), or null when there was none. */
  async function deleteHelpTopic(id: number) {
    return (await repo.deleteHelpTopic(id)) ?? null;
  }

  /** Replaces a brand's settings (operator console, tests); validated before it is stored. */
  async function updateBrandSettings(
    merchantCode: string,
    change: (current: BrandSettings) => BrandSettings,
  ): Promise<void> {
    const current = (await brands()).byCode.get(merchantCode);
    if (!current) throw new AppError('unknown_merchant');
    const next = brandSettingsSchema.parse(change(structuredClone(current.settings)));
    await repo.updateSettings(merchantCode, JSON.stringify(next));
    invalidate();
  }

  return {
    resolveBrand,
    brandByCode,
    allBrands,
    statusFor,
    assertOpen,
    permission,
    helpTopics,
    allHelpTopics,
    saveHelpTopic,
    deleteHelpTopic,
    updateBrandSettings,
    invalidate,
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
