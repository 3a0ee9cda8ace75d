import {
  GATEWAY_VERSION,
  DEVICES as KNOWN_DEVICES,
  resolveLanguage,
  type Device,
  type Language,
} from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * What the gateway knows of a brand. The system module, which owns brands, widens it to its
 * full `Brand` by declaration merging, so routes see every setting without http/ importing it.
 */
export interface RequestBrand {
  merchantCode: string;
  defaultLanguage: Language;
}

/** Finds the brand of a request and says whether the site is open to this visitor (system module). */
export interface BrandResolver {
  resolveBrand(merchant: string | undefined, hostname: string): Promise<RequestBrand>;
  /** Throws the site's maintenance or region-restriction error when closed to this visitor. */
  assertOpen(visitor: { brand: RequestBrand; ip: string }): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Language of the answer: the `Language` header, else the brand's default. */
    language: Language;
    device: Device;
    /** Set for every route under the gateway (`/wps`, `/lgw`); resolved from `Merchant` or the host. */
    brand: RequestBrand;
  }
  interface FastifyContextConfig {
    /** Answer even when the site is in maintenance or the visitor's region is blocked. */
    openWhenClosed?: boolean;
  }
}

/** Language before the brand is known (and for requests outside the gateway). */
export function headerLanguage(request: FastifyRequest): Language {
  const raw = request.headers.language;
  return resolveLanguage(Array.isArray(raw) ? raw[0] : raw);
}

/**
 * The gateway's request conventions (docs/platform-facts.md §1), installed on the API scope:
 * protocol version, device, language, brand, and the maintenance / region gate.
 */
export function installGateway(api: FastifyInstance, brands: BrandResolver): void {
  api.decorateRequest('language', 'pt-BR');
  api.decorateRequest('device', 'web');
  api.decorateRequest('brand', null as unknown as RequestBrand);

  api.addHook('onRequest', async (request) => {
    request.language = headerLanguage(request);
    const version = single(request.headers['x-gateway-version']);
    if (version !== undefined && version !== GATEWAY_VERSION) {
      throw new AppError('unsupported_gateway_version', {
        params: { version: version.slice(0, 16) },
      });
    }
    const device = single(request.headers.device)?.toLowerCase();
    request.device = device !== undefined && isDevice(device) ? device : 'web';

    const merchant = single(request.headers.merchant)?.trim() || undefined;
    request.brand = await brands.resolveBrand(merchant, request.hostname);
    if (request.headers.language === undefined) request.language = request.brand.defaultLanguage;

    if (!request.routeOptions.config.openWhenClosed) {
      brands.assertOpen({ brand: request.brand, ip: request.ip });
    }
  });
}

/** A set lookup rather than a schema parse: most clients send no Device header, and a failed parse builds an error each time. */
const DEVICES: ReadonlySet<string> = new Set(KNOWN_DEVICES);
function isDevice(value: string): value is Device {
  return DEVICES.has(value);
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
