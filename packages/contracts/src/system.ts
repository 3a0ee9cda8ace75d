import { z } from 'zod';
import { text, serverText } from './text';
import { languageSchema } from './i18n';
import { SITE_FLAGS, type ModuleNode } from './system-constants';

export {
  ModuleId,
  SITE_FLAGS,
  SystemStatus,
  isModuleEnabled,
  type ModuleNode,
} from './system-constants';

export const systemStatusCodeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SystemStatusCode = z.infer<typeof systemStatusCodeSchema>;

export const siteFlagSchema = z.enum(SITE_FLAGS);
export type SiteFlag = z.infer<typeof siteFlagSchema>;
export const siteFlagsSchema = z.record(siteFlagSchema, z.boolean());
export type SiteFlags = z.infer<typeof siteFlagsSchema>;

export const moduleNodeSchema: z.ZodType<ModuleNode> = z.lazy(() =>
  z.object({ modId: serverText(), enabled: z.boolean(), childrenNodes: z.array(moduleNodeSchema) }),
);

/**
 * Registration field rule as the server supplies it (docs/product.md §3, §5). `acceptedPattern` is
 * a regular expression source, or `*` for "anything". `patternId` keys the translated message.
 */
export const registerFieldRuleSchema = z.object({
  field: serverText(),
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: serverText(),
  patternId: serverText(),
  minLength: z.number().int().nonnegative(),
  maxLength: z.number().int().positive(),
});
export type RegisterFieldRule = z.infer<typeof registerFieldRuleSchema>;

export const customerServiceEntrySchema = z.object({
  csType: serverText(),
  path: serverText(),
  label: serverText(),
});
export const socialChannelSchema = z.object({
  channel: z.enum(['YOUTUBE', 'FACEBOOK', 'INSTAGRAM', 'WHATSAPP', 'MESSENGER', 'TELEGRAM']),
  url: serverText(),
});
export const resourceEntrySchema = z.object({ labelNameEn: serverText(), url: serverText() });
export const domainRouteEntrySchema = z.object({ name: serverText(), url: serverText() });

/**
 * The brand's look: CSS custom properties come from here, never from code (docs/architecture.md).
 */
export const brandThemeSchema = z.object({
  accentColor: serverText(),
  accentContrastColor: serverText(),
  backgroundColor: serverText(),
  surfaceColor: serverText(),
  logoText: serverText(),
});

/** `value.info` of the permission payload (docs/platform-facts.md §1). */
export const permissionInfoSchema = z.object({
  merchantCode: serverText(),
  brandName: serverText(),
  customerService: z.array(customerServiceEntrySchema),
  domainRoute: z.array(domainRouteEntrySchema),
  resources: z.array(resourceEntrySchema),
  whitelabel: z.array(moduleNodeSchema),
  siteFlags: siteFlagsSchema,
  register: z.array(registerFieldRuleSchema),
  mainDomain: serverText(),
  analytics: z.object({ gtagId: serverText().nullable() }),
  imageCDNs: z.array(serverText()),
  launchGameCDNs: z.array(serverText()),
  socialChannels: z.array(socialChannelSchema),
  currency: serverText(),
  currencySymbol: serverText(),
  timeZone: serverText(),
  defaultLanguage: languageSchema,
  languages: z.array(languageSchema),
  ageConfirmation: z.number().int().positive(),
  theme: brandThemeSchema,
});
export type PermissionInfo = z.infer<typeof permissionInfoSchema>;

/** `GET /wps/system/status`: the "permission" payload. */
export const systemStatusSchema = z.object({
  status: systemStatusCodeSchema,
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  /** Operator's own maintenance text, shown under the translated one when set. */
  maintenanceNote: serverText().nullable(),
  location: z.object({ ip: serverText() }),
  info: permissionInfoSchema,
});
export type SystemStatusPayload = z.infer<typeof systemStatusSchema>;

export const whitelabelSchema = z.object({
  merchantCode: serverText(),
  whitelabel: z.array(moduleNodeSchema),
  siteFlags: siteFlagsSchema,
});
export type WhitelabelPayload = z.infer<typeof whitelabelSchema>;

export const registerSettingsSchema = z.object({
  fields: z.array(registerFieldRuleSchema),
  siteFlags: siteFlagsSchema,
});

export const countrySchema = z.object({
  countryCode: serverText(),
  countryDialingCode: serverText(),
  currency: serverText(),
  currencySymbol: serverText(),
});
export type Country = z.infer<typeof countrySchema>;

export const helpTopicSchema = z.object({
  id: z.number().int(),
  key: serverText(),
  title: serverText(),
  content: serverText(),
});
export type HelpTopic = z.infer<typeof helpTopicSchema>;
export const helpCenterQuerySchema = z.object({
  lang: text(16).optional(),
  device: text(16).optional(),
});

/**
 * `POST /wps/system/clientError`: the web app reports a chunk or stylesheet that failed to
 * load (docs/product.md §8: "a load error with type and URL"), so operators see broken deploys or
 * CDNs.
 */
export const clientErrorReportSchema = z
  .object({
    type: z.enum(['chunk_timeout', 'chunk_load', 'stylesheet_load', 'boot']),
    url: text(2048),
    message: text(1000).optional(),
    route: text(512).optional(),
  })
  .strict();
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
