import { ENDPOINTS, pathOf } from '@banca/contracts';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';
import type { NewGame } from '../modules/games';
import { createRng } from '../lib/seeded-rng';
import { hashPassword } from '../modules/auth/passwords';
import { newMemberRow } from '../modules/members/new-member';
import { DEMO_ACCOUNTS, DEMO_BRAND_SETTINGS, DEMO_MERCHANT_CODE } from './brand';
import { buildDemoCatalogue } from './catalogue';
import { DEMO_ANNOUNCEMENTS, DEMO_BANNERS, DEMO_HELP_TOPICS } from './content';
import { seedDemoOperator } from './operators';

/** Rows per INSERT: large enough to be quick on PGlite, small enough to stay far below the 65,535 parameter limit. */
const INSERT_BATCH_ROWS = 1_000;

export type SeedReport =
  { brand: string; vendors: number; games: number; ms: number } | 'already-seeded';

/**
 * Seeds the demo brand and the generated catalogue into an empty database (SEED_DEMO, default
 * on). A database that has any brand is left alone, so restarts and real operators' data are
 * never touched. Runs in one transaction: a crash half-way seeds nothing.
 */
export async function seedDemo(db: Db): Promise<SeedReport> {
  const report = await seedDemoBrand(db);
  // The console's demo operator, also into databases seeded before the console existed.
  await seedDemoOperator(db);
  return report;
}

async function seedDemoBrand(db: Db): Promise<SeedReport> {
  const startedMs = Date.now();
  return db.transaction().execute(async (trx) => {
    // Two instances starting on an empty database must not both seed.
    await sql`LOCK TABLE brands IN EXCLUSIVE MODE`.execute(trx);
    const existing = await trx
      .selectFrom('brands')
      .select('merchant_code')
      .limit(1)
      .executeTakeFirst();
    if (existing) return 'already-seeded' as const;

    await trx
      .insertInto('brands')
      .values({
        merchant_code: DEMO_MERCHANT_CODE,
        name: 'Banca',
        currency: 'BRL',
        currency_symbol: 'R$',
        country_code: 'BR',
        country_dialing_code: '+55',
        time_zone: 'America/Sao_Paulo',
        default_language: 'pt-BR',
        is_default: true,
        settings: JSON.stringify(DEMO_BRAND_SETTINGS),
      })
      .execute();
    await trx
      .insertInto('brand_domains')
      .values([
        { domain: 'localhost', merchant_code: DEMO_MERCHANT_CODE },
        { domain: '127.0.0.1', merchant_code: DEMO_MERCHANT_CODE },
      ])
      .execute();

    await trx
      .insertInto('help_topics')
      .values(
        DEMO_HELP_TOPICS.flatMap((topic) =>
          (['pt-BR', 'en'] as const).map((language) => ({
            merchant_code: DEMO_MERCHANT_CODE,
            topic_key: topic.key,
            language,
            title: topic.title[language],
            content: topic.content[language],
            sort_order: topic.sortOrder,
          })),
        ),
      )
      .execute();

    const languages = ['pt-BR', 'en'] as const;
    await trx
      .insertInto('banners')
      .values(
        DEMO_BANNERS.flatMap((banner, index) =>
          languages.map((language) => ({
            merchant_code: DEMO_MERCHANT_CODE,
            group_name: 'w_home' as const,
            language,
            image_url: `${pathOf(ENDPOINTS.art.banner, { file: `${banner.id}.svg` })}?lang=${language}`,
            alt: banner.title[language],
            linkage_type: 'route' as const,
            target: banner.link,
            sort_order: index + 1,
          })),
        ),
      )
      .execute();
    await trx
      .insertInto('announcements')
      .values(
        DEMO_ANNOUNCEMENTS.flatMap((notice) =>
          languages.map((language) => ({
            merchant_code: DEMO_MERCHANT_CODE,
            type: notice.type,
            language,
            title: notice.title[language],
            content: notice.content[language],
            sort_order: notice.sortOrder,
          })),
        ),
      )
      .execute();

    const catalogue = buildDemoCatalogue();
    await trx
      .insertInto('game_categories')
      .values(catalogue.categories.map((c) => ({ code: c.code, sort_order: c.sortOrder })))
      .execute();
    await trx
      .insertInto('vendors')
      .values(
        catalogue.vendors.map((v) => ({
          code: v.code,
          name: v.name,
          game_category: v.gameCategory,
          wallet_mode: v.walletMode,
          entry_kind: v.entryKind,
          sort_order: v.sortOrder,
          maintenance: v.maintenance,
        })),
      )
      .execute();
    // Transfer-mode vendors get the stable wallet ids GCS_walletTransfer uses (0 is the main wallet).
    await sql`UPDATE vendors v SET wallet_type_id = r.n
      FROM (SELECT code, row_number() OVER (ORDER BY sort_order, code) AS n FROM vendors WHERE wallet_mode = 'transfer') r
      WHERE v.code = r.code`.execute(trx);
    const rows: NewGame[] = catalogue.games.map((g) => ({
      vendor_code: g.vendorCode,
      game_code: g.gameCode,
      game_category: g.gameCategory,
      name_en: g.nameEn,
      name_pt: g.namePt,
      classify: g.classify,
      is_hot: g.isHot,
      is_new: g.isNew,
      maintenance: g.maintenance,
      rtp_bps: g.rtpBps,
      sort_order: g.sortOrder,
      art_seed: g.artSeed,
    }));
    for (let i = 0; i < rows.length; i += INSERT_BATCH_ROWS) {
      await trx
        .insertInto('games')
        .values(rows.slice(i, i + INSERT_BATCH_ROWS))
        .execute();
    }
    await seedDemoWinners(trx);
    for (const account of DEMO_ACCOUNTS) {
      await trx
        .insertInto('members')
        .values(
          newMemberRow({
            merchant_code: DEMO_MERCHANT_CODE,
            username: account.username,
            password_hash: await hashPassword(account.password),
            type: account.type,
            nickname: account.nickname,
            full_name: account.fullName,
            email: account.email,
            country_dialing_code: account.mobileNum ? '+55' : null,
            mobile_num: account.mobileNum,
            invite_code: account.inviteCode,
            must_change_password: account.mustChangePassword,
          }),
        )
        .execute();
    }
    return {
      brand: DEMO_MERCHANT_CODE,
      vendors: catalogue.vendors.length,
      games: rows.length,
      ms: Date.now() - startedMs,
    };
  });
}

/** Wins shown on the winner board of a fresh demo site (settlement writes real ones later). */
const DEMO_WINNERS = 60;

async function seedDemoWinners(trx: Transaction<Database>): Promise<void> {
  const rng = createRng(20_261_122);
  const games = await trx
    .selectFrom('games')
    .select(['id'])
    .where('game_category', 'in', ['RNG', 'LIVE', 'FISH', 'BGS'])
    .where('is_hot', '=', true)
    .orderBy('id')
    .execute();
  const names = [
    'jo',
    'ma',
    'pe',
    'an',
    'lu',
    'ca',
    'ra',
    'fe',
    'gu',
    'be',
    'th',
    'vi',
    'da',
    'le',
    'ju',
  ];
  const nowMs = Date.now();
  await trx
    .insertInto('game_winners')
    .values(
      Array.from({ length: DEMO_WINNERS }, (_, i) => ({
        merchant_code: DEMO_MERCHANT_CODE,
        // Masked like real boards do: two letters, stars, two digits.
        display_name: `${rng.pick(names)}***${rng.int(10, 99)}`,
        game_id: rng.pick(games).id,
        // Mostly modest wins with a long tail, in centavos.
        amount_minor: Math.round(5_000 * Math.exp(rng.next() * 7)),
        currency: 'BRL',
        won_at: new Date(nowMs - i * rng.int(30, 600) * 1000),
      })),
    )
    .execute();
}
