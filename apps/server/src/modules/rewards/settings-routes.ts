import {
  GAME_CATEGORIES,
  isModuleEnabled,
  ModuleId,
  REWARD_SETTINGS_ROUTES as routes,
  type BrandRewardSettings,
} from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { operatorRouteOptions } from '../../http/route-options';
import { complianceProfileOf, type Brand } from '../system';
import type { ServiceRegistry } from '../manifest';

/** Who reads the desk: every role that reads promotions. */
const READ = ['owner', 'content', 'finance', 'risk', 'support'] as const;
/**
 * Who changes what the brand gives back: these settings move money for every member at once
 * (the cashback job, each rebate claim, each conversion), so money's roles, as the cashier's
 * settings (docs/admin-console.md).
 */
const SETTINGS = ['owner', 'finance'] as const;

/**
 * The console's "Bonus & cashback settings" desk (docs/bonus.md "Settings desk"): per brand,
 * the game categories' weights toward wagering, the standing cashback programme and manual
 * rebate, through the bonus and cashback parts' services. Nothing caches them but the bet order
 * (every bet asks it, so each instance holds it for up to 30 s): the next claim or job run reads
 * the tables. Every save is audited with the values before and after.
 */
export function rewardSettingsRoutes(app: FastifyInstance, services: ServiceRegistry): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'promotions'];
  const { system, bonus, cashback, rewards } = services;

  async function brandOf(merchantCode: string): Promise<Brand> {
    const brand = await system.brandByCode(merchantCode);
    if (!brand) throw new AppError('reward_settings_brand_not_found');
    return brand;
  }

  async function view(brand: Brand, lossPromotions: number): Promise<BrandRewardSettings> {
    const [categoryWeights, betOrder, cashbackSettings, rebate, recentCashback] = await Promise.all(
      [
        bonus.categoryWeights(brand.merchantCode),
        bonus.betOrder.settings(brand.merchantCode),
        cashback.settings(brand.merchantCode),
        cashback.rebateSettings(brand.merchantCode),
        cashback.paidPeriods(brand.merchantCode),
      ],
    );
    return {
      merchantCode: brand.merchantCode,
      name: brand.name,
      currency: brand.currency,
      bonusAllowed: complianceProfileOf(brand.settings) !== 'br-regulated',
      rebateModuleOn: isModuleEnabled(brand.settings.whitelabel, ModuleId.manualRebate),
      bonus: { categoryWeights, ...betOrder },
      cashback: cashbackSettings,
      rebate,
      lossPromotions,
      recentCashback,
    };
  }

  /** Campaign promotions of the brand triggered by losses, switched on (the desk shows both kinds). */
  async function lossPromotionsOf(merchantCode: string): Promise<number> {
    const { promotions } = await rewards.admin.list(merchantCode);
    return promotions.filter((p) => p.trigger === 'loss' && p.enabled).length;
  }

  async function brandView(merchantCode: string) {
    return view(await brandOf(merchantCode), await lossPromotionsOf(merchantCode));
  }

  r.route({
    ...operatorRouteOptions(routes.read, {
      tags,
      summary: 'Every brand’s wagering weights, cashback programme and manual rebate',
    }),
    config: { roles: READ },
    handler: async () => {
      const brands = await system.allBrands();
      return ok({
        categories: [...GAME_CATEGORIES],
        brands: await Promise.all(
          brands.map(async (brand) => view(brand, await lossPromotionsOf(brand.merchantCode))),
        ),
      });
    },
  });

  r.route({
    ...operatorRouteOptions(routes.updateBonus, {
      tags,
      summary:
        'The bonus wallet’s rules: each game category’s weight toward wagering (percent), which wallet a bet uses first, the cash-only categories',
    }),
    config: { roles: SETTINGS },
    handler: async (request) => {
      const { merchantCode } = request.params;
      await brandOf(merchantCode);
      const { categoryWeights, betOrder, cashOnlyCategories } = request.body;
      const before = {
        categoryWeights: await bonus.categoryWeights(merchantCode),
        ...(await bonus.betOrder.settings(merchantCode)),
      };
      await bonus.setCategoryWeights(merchantCode, categoryWeights);
      // Which wallet a bet uses (docs/bonus.md): every instance's bets follow within 30 s.
      const order = await bonus.betOrder.save(merchantCode, {
        betOrder: betOrder ?? before.betOrder,
        cashOnlyCategories: cashOnlyCategories ?? before.cashOnlyCategories,
      });
      request.audit = {
        action: 'bonus.settings_update',
        subject: `bonus_settings:${merchantCode}`,
        before,
        after: { categoryWeights, ...order },
      };
      return ok(await brandView(merchantCode));
    },
  });

  r.route({
    ...operatorRouteOptions(routes.updateCashback, {
      tags,
      summary: 'The standing cashback programme: on/off, rate, period, minimum loss, cap',
    }),
    config: { roles: SETTINGS },
    handler: async (request) => {
      const { merchantCode } = request.params;
      await brandOf(merchantCode);
      const { before, after } = await cashback.saveSettings(merchantCode, request.body);
      request.audit = {
        action: 'cashback.settings_update',
        subject: `cashback_settings:${merchantCode}`,
        before,
        after,
      };
      return ok(await brandView(merchantCode));
    },
  });

  r.route({
    ...operatorRouteOptions(routes.updateRebate, {
      tags,
      summary: 'Manual rebate: on/off and the rate of valid bets per game category',
    }),
    config: { roles: SETTINGS },
    handler: async (request) => {
      const { merchantCode } = request.params;
      await brandOf(merchantCode);
      const { before, after } = await cashback.saveRebate(
        merchantCode,
        request.body.enabled,
        request.body.ratesBp,
      );
      request.audit = {
        action: 'rebate.settings_update',
        subject: `cashback_settings:${merchantCode}`,
        before,
        after,
      };
      return ok(await brandView(merchantCode));
    },
  });
}
