import { ADMIN_ROUTES } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors';
import { ok } from '../../http/envelope';
import { operatorRouteOptions } from '../../http/route-options';
import type { SystemService } from '../system';
import type { PaymentsService } from './service';
import type { WithdrawalsService } from './withdrawals';

/** Who may change what players can deposit and withdraw (docs/admin-console.md: owner listed explicitly). */
const SETTINGS_ROLES = ['finance', 'owner'] as const;

/**
 * The cashier's settings desk (`/admin/api/payments/settings`): each brand's deposit channels
 * (enabled, limits, quick amounts, order) and withdrawal rules. Nothing caches them: the deposit
 * and withdraw pages and requests read the tables each time, so a change applies at once on
 * every instance. Every change is audited with the values before and after.
 */
export function settingsAdminRoutes(
  app: FastifyInstance,
  services: { payments: PaymentsService; withdrawals: WithdrawalsService; system: SystemService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['operator: payments'];
  const routes = ADMIN_ROUTES.cashierSettings;
  const { payments, withdrawals, system } = services;

  async function brandOf(merchantCode: string) {
    const brand = await system.brandByCode(merchantCode);
    if (!brand) throw new AppError('cashier_brand_not_found');
    return brand;
  }

  r.route({
    ...operatorRouteOptions(routes.read, {
      tags,
      summary: 'Every brand’s deposit channels and withdrawal rules',
    }),
    config: { roles: SETTINGS_ROLES },
    handler: async () => {
      const brands = await system.allBrands();
      return ok({
        brands: await Promise.all(
          brands.map(async (brand) => ({
            merchantCode: brand.merchantCode,
            name: brand.name,
            currency: brand.currency,
            channels: await payments.adminChannels(brand.merchantCode),
            withdrawals: withdrawals.settingsView(await withdrawals.settingsOf(brand.merchantCode)),
          })),
        ),
      });
    },
  });

  r.route({
    ...operatorRouteOptions(routes.updateChannel, {
      tags,
      summary: 'Edit a deposit channel: enabled, name, min/max, quick amounts, order',
    }),
    config: { roles: SETTINGS_ROLES },
    handler: async (request) => {
      const { merchantCode, code } = request.params;
      await brandOf(merchantCode);
      const { before, after } = await payments.updateChannel(merchantCode, code, request.body);
      request.audit = {
        action: 'payments.channel_update',
        subject: `payment_channel:${merchantCode}:${code}`,
        before,
        after,
      };
      return ok(after);
    },
  });

  r.route({
    ...operatorRouteOptions(routes.updateWithdrawals, {
      tags,
      summary: 'Edit a brand’s withdrawal rules: amount range, daily count and amount, turnover',
    }),
    config: { roles: SETTINGS_ROLES },
    handler: async (request) => {
      const { merchantCode } = request.params;
      await brandOf(merchantCode);
      const { before, after } = await withdrawals.updateSettingsFromDesk(
        merchantCode,
        request.body,
      );
      request.audit = {
        action: 'payments.withdrawal_settings_update',
        subject: `withdrawal_settings:${merchantCode}`,
        before,
        after,
      };
      return ok(after);
    },
  });
}
