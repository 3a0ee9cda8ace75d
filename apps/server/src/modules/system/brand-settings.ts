import {
  COMPLIANCE_PROFILES,
  brandThemeSchema,
  customerServiceEntrySchema,
  domainRouteEntrySchema,
  moduleNodeSchema,
  registerFieldRuleSchema,
  resourceEntrySchema,
  siteFlagsSchema,
  socialChannelSchema,
  type ComplianceProfile,
} from '@banca/contracts';
import { z } from 'zod';
import { cidrSchema } from './region';

/**
 * What a brand's operator can change without a deploy (stored in brands.settings, jsonb).
 * Parsed on every load: a malformed row fails loudly at the brand cache, not deep in a page.
 */
export const brandSettingsSchema = z.object({
  siteFlags: siteFlagsSchema,
  whitelabel: z.array(moduleNodeSchema),
  register: z.array(registerFieldRuleSchema),
  maintenance: z.object({
    enabled: z.boolean(),
    /** Operator's own text shown under the standard maintenance message. */
    note: z.string().max(500).nullable(),
    /** Operator IPs that still see the live site during maintenance, to check it before reopening. */
    bypassCidrs: z.array(cidrSchema),
  }),
  /**
   * Region restriction by IP. A visitor is blocked when their IP is in `denyCidrs`, or when
   * `allowCidrs` is non-empty and their IP is in none of them.
   */
  region: z.object({ allowCidrs: z.array(cidrSchema), denyCidrs: z.array(cidrSchema) }),
  customerService: z.array(customerServiceEntrySchema),
  socialChannels: z.array(socialChannelSchema),
  resources: z.array(resourceEntrySchema),
  domainRoute: z.array(domainRouteEntrySchema),
  mainDomain: z.string(),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  /** Minimum age the registration dialog asks the player to confirm (docs/product.md §5: 21 in the pt-BR texts, 18 elsewhere). */
  ageConfirmation: z.number().int().min(18).max(25),
  theme: brandThemeSchema,
  /**
   * The brand's compliance profile (DESIGN.md §7): `open` (the spec as written, and the value
   * when absent) or `br-regulated` (facts.md §4: CPF and 18+ before money moves, PIX only to
   * and from the member's own CPF). Read through `complianceProfileOf`.
   */
  complianceProfile: z.enum(COMPLIANCE_PROFILES).optional(),
});
export type BrandSettings = z.infer<typeof brandSettingsSchema>;

/** The brand's compliance profile; brands stored before the setting existed are `open`. */
export function complianceProfileOf(settings: BrandSettings): ComplianceProfile {
  return settings.complianceProfile ?? 'open';
}

/** A brand as the rest of the server sees it: the row's columns plus parsed settings. */
/**
 * A brand as every route sees it (`request.brand`): the gateway's `RequestBrand` widened with
 * everything the brand row holds, by declaration merging, so http/ needs no import of this module.
 */
declare module '../../http/gateway' {
  interface RequestBrand {
    name: string;
    currency: string;
    currencySymbol: string;
    countryCode: string;
    countryDialingCode: string;
    timeZone: string;
    defaultLanguage: 'pt-BR' | 'en';
    settings: BrandSettings;
  }
}
export type { RequestBrand as Brand } from '../../http/gateway';
