import type { Db } from '../src/db/connect';
import { newMemberRow } from '../src/modules/members/new-member';
import type { BrandSettings } from '../src/modules/system/brand-settings';
import { DEMO_BRAND_SETTINGS } from '../src/demo/brand';

/**
 * A second brand beside the demo one, reached through its own domains. `change` edits a copy
 * of the demo settings (e.g. to switch maintenance on).
 */
export async function seedBrand(
  db: Db,
  options: {
    merchantCode: string;
    name?: string;
    domains: string[];
    change?: (s: BrandSettings) => void;
    defaultLanguage?: 'pt-BR' | 'en';
  },
): Promise<void> {
  const settings = structuredClone(DEMO_BRAND_SETTINGS);
  options.change?.(settings);
  await db
    .insertInto('brands')
    .values({
      merchant_code: options.merchantCode,
      name: options.name ?? `Brand ${options.merchantCode}`,
      currency: 'BRL',
      currency_symbol: 'R$',
      country_code: 'BR',
      country_dialing_code: '+55',
      time_zone: 'America/Sao_Paulo',
      default_language: options.defaultLanguage ?? 'pt-BR',
      settings: JSON.stringify(settings),
    })
    .execute();
  if (options.domains.length > 0) {
    await db
      .insertInto('brand_domains')
      .values(options.domains.map((domain) => ({ domain, merchant_code: options.merchantCode })))
      .execute();
  }
}

let seededMembers = 0;
/** A member row straight in the database (no password hashing): for tests that need many members fast. */
export async function seedMember(
  db: Db,
  options: { merchantCode?: string; type?: number } = {},
): Promise<number> {
  seededMembers += 1;
  const tag = `${process.pid}${seededMembers}${Math.floor(Math.random() * 1e6)}`;
  const row = await db
    .insertInto('members')
    .values(
      newMemberRow({
        merchant_code: options.merchantCode ?? 'BANCA',
        username: `seed${tag}`,
        // Not a valid argon2 hash: these members never log in.
        password_hash: 'x',
        type: options.type ?? 0,
        invite_code: `S${tag}`.slice(0, 30),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
