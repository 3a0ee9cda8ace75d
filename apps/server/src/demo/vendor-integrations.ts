import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { DEMO_MERCHANT_CODE } from './brand';

/**
 * The demo brand's vendor configuration (issue 12 §2): every demo vendor enabled, launched at
 * the demo game provider, and one API key for all of them (PAM_API_KEY; the development default
 * is printed in the README). main.ts runs it after the demo seed, tests and benches after theirs;
 * idempotent, so a database seeded before this existed gets it too, and a database without the
 * demo brand is left alone.
 */
export const DEMO_PROVIDER_LAUNCH_TEMPLATE =
  'http://localhost:8081/play/{vendor}/{game}?token={token}&lang={lang}&currency={currency}&lobby={lobby}';

/** The demo template at another origin (DEMO_PROVIDER_PORT; the browser journeys' random port). */
export function demoProviderLaunchTemplate(origin: string): string {
  return DEMO_PROVIDER_LAUNCH_TEMPLATE.replace('http://localhost:8081', origin);
}

/**
 * The demo provider's transfer API at an origin (issue 12 §3): where the demo brand's
 * transfer-wallet vendors take transfers and publish their rounds.
 */
export function demoProviderTransferUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/transfer`;
}

export async function seedDemoVendorIntegrations(
  db: Db,
  options: {
    pamApiKey: string;
    launchTemplate?: string;
    /**
     * The transfer API of the demo brand's transfer-wallet vendors (demoProviderTransferUrl);
     * unset leaves their wallets unconnected (Banca's bookkeeping only), as tests without a
     * provider want. A row that has one keeps it.
     */
    transferApiUrl?: string;
  },
): Promise<void> {
  const template = options.launchTemplate ?? DEMO_PROVIDER_LAUNCH_TEMPLATE;
  await sql`INSERT INTO vendor_integrations (merchant_code, vendor_code, wallet_mode, launch_url_template)
    SELECT ${DEMO_MERCHANT_CODE}, v.code, v.wallet_mode, ${template} FROM vendors v
    WHERE EXISTS (SELECT 1 FROM brands WHERE merchant_code = ${DEMO_MERCHANT_CODE})
    ON CONFLICT (merchant_code, vendor_code) DO NOTHING`.execute(db);
  if (options.transferApiUrl)
    await sql`UPDATE vendor_integrations SET transfer_api_url = ${options.transferApiUrl}
      WHERE merchant_code = ${DEMO_MERCHANT_CODE} AND wallet_mode = 'transfer' AND transfer_api_url IS NULL`.execute(
      db,
    );
  const keyHash = createHash('sha256').update(options.pamApiKey).digest('hex');
  await sql`INSERT INTO provider_api_keys (key_hash, merchant_code, vendor_code, label)
    SELECT ${keyHash}, ${DEMO_MERCHANT_CODE}, NULL, 'development key (PAM_API_KEY), every demo vendor'
    WHERE EXISTS (SELECT 1 FROM brands WHERE merchant_code = ${DEMO_MERCHANT_CODE})
    ON CONFLICT (key_hash) DO NOTHING`.execute(db);
}
