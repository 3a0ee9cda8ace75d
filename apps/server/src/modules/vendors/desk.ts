import { randomBytes } from 'node:crypto';
import type {
  CreateVendorIntegration,
  ProviderKeyRow,
  UpdateVendorIntegration,
  VendorCatalogue,
  VendorIntegrationRow,
  VendorTransferRow,
} from '@banca/contracts';
import type { Updateable } from 'kysely';
import { AppError } from '../../http/errors';
import type { GamesService } from '../games';
import type { SystemService } from '../system';
import type {
  ApiKeyRow,
  DeskRepository,
  INTEGRATION_SORTS,
  IntegrationRow,
  KEY_SORTS,
  TRANSFER_SORTS,
  TransferRow,
} from './desk-repository';
import { isHttpUrl, isValidLaunchTemplate } from './launch';
import { sha256, type VendorsService } from './service';
import type { VendorIntegrationsTable } from './tables';
import type { VendorTransfers } from './transfers';

/** A new /pam API key: 32 random bytes, base64url (43 characters). */
const API_KEY_BYTES = 32;

type Paging<S> = { sort: S; order: 'asc' | 'desc'; page: number; pageSize: number };
type Page<T> = { rows: T[]; page: number; pageSize: number; total: number };

export function integrationView(row: IntegrationRow): VendorIntegrationRow {
  return {
    merchantCode: row.merchant_code,
    vendorCode: row.vendor_code,
    walletMode: row.wallet_mode,
    launchUrlTemplate: row.launch_url_template,
    enabled: row.enabled,
    maintenance: row.maintenance,
    transferApiUrl: row.transfer_api_url,
    updatedAt: row.updated_at.toISOString(),
  };
}

export function keyView(row: ApiKeyRow): ProviderKeyRow {
  return {
    id: Number(row.id),
    merchantCode: row.merchant_code,
    vendorCode: row.vendor_code,
    label: row.label,
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

export function transferView(row: TransferRow): VendorTransferRow {
  return {
    id: Number(row.id),
    transferId: row.transfer_id,
    merchantCode: row.merchant_code,
    memberId: Number(row.member_id),
    vendorCode: row.vendor_code,
    currency: row.currency,
    direction: row.direction,
    amountMinor: Number(row.amount_minor),
    status: row.status,
    failureCode: row.failure_code,
    vendorRef: row.vendor_ref,
    attempts: Number(row.attempts),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}

/**
 * The operator's Vendors desk (desk-routes.ts, docs/pam.md "Configuration per brand"): each
 * brand's integrations, its /pam API keys and the transfers to transfer-wallet vendors. A change
 * clears this instance's caches at once; other instances read it within their 30 s.
 */
export function createVendorDesk(deps: {
  repo: DeskRepository;
  vendors: VendorsService;
  transfers: VendorTransfers;
  games: Pick<GamesService, 'transferVendors' | 'catalogueVendors'>;
  system: Pick<SystemService, 'allBrands' | 'brandByCode'>;
  now?: () => number;
}) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;

  function forgetCaches(): void {
    deps.vendors.invalidate();
    deps.transfers.invalidate();
  }

  /**
   * Transfer mode needs the vendor wallet the catalogue gives transfer vendors (the wallet's
   * accounts); seamless plays from the main wallet, which every vendor can.
   */
  async function assertWalletMode(vendorCode: string, walletMode: 'seamless' | 'transfer') {
    if (
      walletMode === 'transfer' &&
      !(await deps.games.transferVendors()).some((v) => v.code === vendorCode)
    )
      throw new AppError('vendor_wallet_mode_unsupported');
  }

  function checkedTemplate(template: string): string {
    if (!isValidLaunchTemplate(template)) throw new AppError('vendor_launch_template_invalid');
    return template;
  }

  /** Empty or null is no address (Banca's bookkeeping only); anything else an http(s) URL. */
  function checkedTransferUrl(input: string | null): string | null {
    const url = input === null || input === '' ? null : input;
    if (url !== null && !isHttpUrl(url)) throw new AppError('vendor_transfer_url_invalid');
    return url;
  }

  async function integrations(
    filter: { merchantCode?: string; vendorCode?: string; enabled?: boolean },
    paging: Paging<(typeof INTEGRATION_SORTS)[number]>,
  ): Promise<Page<VendorIntegrationRow>> {
    const { rows, total } = await repo.integrations(filter, paging);
    return { rows: rows.map(integrationView), page: paging.page, pageSize: paging.pageSize, total };
  }

  /** Edits one integration; throws the desk's codes for bad templates and addresses. */
  async function updateIntegration(
    merchantCode: string,
    vendorCode: string,
    input: UpdateVendorIntegration,
  ): Promise<{ before: VendorIntegrationRow; after: VendorIntegrationRow }> {
    const changes: Updateable<VendorIntegrationsTable> = {};
    if (input.walletMode !== undefined) {
      await assertWalletMode(vendorCode, input.walletMode);
      changes.wallet_mode = input.walletMode;
    }
    if (input.enabled !== undefined) changes.enabled = input.enabled;
    if (input.maintenance !== undefined) changes.maintenance = input.maintenance;
    if (input.launchUrlTemplate !== undefined)
      changes.launch_url_template = checkedTemplate(input.launchUrlTemplate);
    if (input.transferApiUrl !== undefined)
      changes.transfer_api_url = checkedTransferUrl(input.transferApiUrl);
    const result = await repo.updateIntegration(merchantCode, vendorCode, changes);
    if (!result) throw new AppError('vendor_integration_not_found');
    forgetCaches();
    return { before: integrationView(result.before), after: integrationView(result.after) };
  }

  /**
   * Each brand with the catalogue's vendors it has not integrated yet, in the catalogue's order
   * (the "add integration" form's choosers). Read fresh: the desk asks when the form opens.
   */
  async function catalogue(): Promise<VendorCatalogue> {
    const [brands, vendors, transferVendors, pairs] = await Promise.all([
      deps.system.allBrands(),
      deps.games.catalogueVendors(),
      deps.games.transferVendors(),
      repo.integratedPairs(),
    ]);
    const transferCodes = new Set(transferVendors.map((v) => v.code));
    const integrated = new Set(pairs.map((p) => `${p.merchant_code}\n${p.vendor_code}`));
    return {
      brands: brands.map((brand) => ({
        merchantCode: brand.merchantCode,
        name: brand.name,
        vendors: vendors
          .filter((v) => !integrated.has(`${brand.merchantCode}\n${v.code}`))
          .map((v) => ({
            code: v.code,
            name: v.name,
            gameCategory: v.game_category,
            walletMode: v.wallet_mode,
            transferWallet: transferCodes.has(v.code),
          })),
      })),
    };
  }

  /**
   * Connects a catalogue vendor to a brand that has no integration with it (docs/pam.md "The
   * Vendors desk"): the same checks as an edit, then the row; its games launch at once here.
   */
  async function addIntegration(input: CreateVendorIntegration): Promise<VendorIntegrationRow> {
    if (!(await deps.system.brandByCode(input.merchantCode)))
      throw new AppError('vendor_brand_not_found');
    // Codes are matched as the catalogue spells them (upper case), as the list's filter does.
    const vendor = (await deps.games.catalogueVendors()).find(
      (v) => v.code.toUpperCase() === input.vendorCode.toUpperCase(),
    );
    if (!vendor) throw new AppError('vendor_not_found');
    const launchUrlTemplate = checkedTemplate(input.launchUrlTemplate);
    await assertWalletMode(vendor.code, input.walletMode);
    const transferApiUrl =
      input.walletMode === 'transfer' ? checkedTransferUrl(input.transferApiUrl ?? null) : null;
    const row = await repo.insertIntegration({
      merchant_code: input.merchantCode,
      vendor_code: vendor.code,
      wallet_mode: input.walletMode,
      launch_url_template: launchUrlTemplate,
      transfer_api_url: transferApiUrl,
      enabled: input.enabled,
      maintenance: input.maintenance,
    });
    if (!row) throw new AppError('vendor_integration_exists');
    forgetCaches();
    return integrationView(row);
  }

  async function keys(
    filter: { merchantCode?: string; vendorCode?: string; status?: 'active' | 'revoked' },
    paging: Paging<(typeof KEY_SORTS)[number]>,
  ): Promise<Page<ProviderKeyRow>> {
    const { rows, total } = await repo.keys(filter, paging);
    return { rows: rows.map(keyView), page: paging.page, pageSize: paging.pageSize, total };
  }

  /**
   * A new key for a brand's vendor (or, vendor null, for an aggregator acting for every vendor
   * of the brand): the key itself is answered once and kept only as its SHA-256.
   */
  async function createKey(input: {
    merchantCode: string;
    vendorCode: string | null;
    label: string;
  }): Promise<{ key: ProviderKeyRow; apiKey: string }> {
    if (!(await repo.hasIntegration(input.merchantCode, input.vendorCode)))
      throw new AppError('vendor_integration_not_found');
    const apiKey = randomBytes(API_KEY_BYTES).toString('base64url');
    const row = await repo.insertKey({
      key_hash: sha256(apiKey),
      merchant_code: input.merchantCode,
      vendor_code: input.vendorCode,
      label: input.label,
    });
    forgetCaches();
    return { key: keyView(row), apiKey };
  }

  async function revokeKey(id: number): Promise<{ before: ProviderKeyRow; after: ProviderKeyRow }> {
    const before = await repo.key(id);
    if (!before) throw new AppError('vendor_key_not_found');
    if (before.revoked_at) throw new AppError('vendor_key_already_revoked');
    const after = await repo.revokeKey(id, new Date(now()));
    if (!after) throw new AppError('vendor_key_already_revoked');
    forgetCaches();
    return { before: keyView(before), after: keyView(after) };
  }

  async function transfers(
    filter: {
      status?: 'pending' | 'failed' | 'succeeded';
      merchantCode?: string;
      vendorCode?: string;
      memberId?: number;
    },
    paging: Paging<(typeof TRANSFER_SORTS)[number]>,
  ): Promise<Page<VendorTransferRow>> {
    const { rows, total } = await repo.transfers(filter, paging);
    return { rows: rows.map(transferView), page: paging.page, pageSize: paging.pageSize, total };
  }

  /** "Reconcile now": the reconcile job's work for this one transfer; its row before and after. */
  async function reconcile(
    id: number,
  ): Promise<{ before: VendorTransferRow; after: VendorTransferRow }> {
    const before = await repo.transfer(id);
    if (!before) throw new AppError('vendor_transfer_not_found');
    const after = await deps.transfers.reconcileOne(id);
    return { before: transferView(before), after: transferView(after ?? before) };
  }

  return {
    integrations,
    catalogue,
    addIntegration,
    updateIntegration,
    keys,
    createKey,
    revokeKey,
    transfers,
    reconcile,
  };
}
export type VendorDesk = ReturnType<typeof createVendorDesk>;
