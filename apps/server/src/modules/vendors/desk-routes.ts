import { ADMIN_ROUTES } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { operatorRouteOptions } from '../../http/route-options';
import { INTEGRATION_SORTS, KEY_SORTS, TRANSFER_SORTS } from './desk-repository';
import type { VendorDesk } from './desk';

/**
 * Who may do what on the Vendors desk (docs/admin-console.md "Roles"): owners, support and risk
 * read; only owners change the configuration and the keys; finance may also settle a transfer.
 */
const READ = ['owner', 'support', 'risk'] as const;
const EDIT = ['owner'] as const;
const TRANSFERS_READ = ['owner', 'support', 'risk', 'finance'] as const;
const RECONCILE = ['owner', 'finance'] as const;

function sortOf<S extends string>(allowed: readonly S[], sort: string | undefined, fallback: S): S {
  if (sort === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(sort))
    throw new AppError('validation_failed', { params: { detail: `sort: ${allowed.join(', ')}` } });
  return sort as S;
}

/** The Vendors desk's routes in the operator scope (`/admin/api/vendors`). */
export function vendorDeskRoutes(app: FastifyInstance, desk: VendorDesk): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const routes = ADMIN_ROUTES.vendors;

  r.route({
    ...operatorRouteOptions(routes.integrations, {
      tags,
      summary: 'Each brand’s vendor integrations (wallet mode, launch URL, enabled, maintenance)',
    }),
    config: { roles: READ },
    handler: async (request) => {
      const q = request.query;
      return ok(
        await desk.integrations(
          {
            merchantCode: q.merchantCode,
            vendorCode: q.vendorCode,
            enabled: q.enabled === undefined ? undefined : q.enabled === 'true',
          },
          {
            sort: sortOf(INTEGRATION_SORTS, q.sort, 'vendorCode'),
            order: q.order,
            page: q.page,
            pageSize: q.pageSize,
          },
        ),
      );
    },
  });

  r.route({
    ...operatorRouteOptions(routes.catalogue, {
      tags,
      summary: 'Per brand, the catalogue’s vendors it has not integrated yet (the add form)',
    }),
    config: { roles: EDIT },
    handler: async () => ok(await desk.catalogue()),
  });

  r.route({
    ...operatorRouteOptions(routes.createIntegration, {
      tags,
      summary: 'Add an integration of a catalogue vendor to a brand; its games launch at once',
    }),
    config: { roles: EDIT },
    handler: async (request) => {
      const after = await desk.addIntegration(request.body);
      request.audit = {
        action: 'vendor.create',
        subject: `vendor:${after.merchantCode}:${after.vendorCode}`,
        after,
      };
      return ok(after);
    },
  });

  r.route({
    ...operatorRouteOptions(routes.updateIntegration, {
      tags,
      summary: 'Change a vendor integration; other instances see it within 30 s',
    }),
    config: { roles: EDIT },
    handler: async (request) => {
      const { merchantCode, vendorCode } = request.params;
      const { before, after } = await desk.updateIntegration(
        merchantCode,
        vendorCode,
        request.body,
      );
      request.audit = {
        action: 'vendor.update',
        subject: `vendor:${merchantCode}:${vendorCode}`,
        before,
        after,
      };
      return ok(after);
    },
  });

  r.route({
    ...operatorRouteOptions(routes.keys, {
      tags,
      summary: 'The /pam API keys (label, brand, vendor, created, revoked; never the key)',
    }),
    config: { roles: READ },
    handler: async (request) => {
      const q = request.query;
      return ok(
        await desk.keys(
          { merchantCode: q.merchantCode, vendorCode: q.vendorCode, status: q.status },
          {
            sort: sortOf(KEY_SORTS, q.sort, 'createdAt'),
            order: q.order,
            page: q.page,
            pageSize: q.pageSize,
          },
        ),
      );
    },
  });

  r.route({
    ...operatorRouteOptions(routes.createKey, {
      tags,
      summary: 'A new /pam API key for a brand’s vendor or aggregator; the key is answered once',
    }),
    config: { roles: EDIT },
    handler: async (request) => {
      const body = request.body;
      const created = await desk.createKey({
        merchantCode: body.merchantCode,
        vendorCode: body.vendorCode ?? null,
        label: body.label,
      });
      // The key itself never reaches the audit log: only who may use it.
      request.audit = {
        action: 'vendor_key.create',
        subject: `vendor_key:${created.key.id}`,
        after: created.key,
      };
      return ok(created);
    },
  });

  r.route({
    ...operatorRouteOptions(routes.revokeKey, {
      tags,
      summary: 'Revoke a /pam API key; other instances refuse it within 30 s',
    }),
    config: { roles: EDIT },
    handler: async (request) => {
      const { before, after } = await desk.revokeKey(request.params.id);
      request.audit = {
        action: 'vendor_key.revoke',
        subject: `vendor_key:${after.id}`,
        before,
        after,
      };
      return ok(after);
    },
  });

  r.route({
    ...operatorRouteOptions(routes.transfers, {
      tags,
      summary: 'Transfers to and from transfer-wallet vendors, pending and failed first',
    }),
    config: { roles: TRANSFERS_READ },
    handler: async (request) => {
      const q = request.query;
      return ok(
        await desk.transfers(
          {
            status: q.status,
            merchantCode: q.merchantCode,
            vendorCode: q.vendorCode,
            memberId: q.memberId,
          },
          {
            sort: sortOf(TRANSFER_SORTS, q.sort, 'status'),
            order: q.order,
            page: q.page,
            pageSize: q.pageSize,
          },
        ),
      );
    },
  });

  r.route({
    ...operatorRouteOptions(routes.reconcileTransfer, {
      tags,
      summary: 'Settle a pending transfer now by asking the vendor (the reconcile job, for one)',
    }),
    config: { roles: RECONCILE },
    handler: async (request) => {
      const { before, after } = await desk.reconcile(request.params.id);
      request.audit = {
        action: 'vendor_transfer.reconcile',
        subject: `vendor_transfer:${after.id}`,
        before: { status: before.status, failureCode: before.failureCode },
        after: { status: after.status, failureCode: after.failureCode },
        detail: { transferId: after.transferId },
      };
      return ok(after);
    },
  });
}
