import {
  ADMIN_ENDPOINTS,
  pathOf,
  type CreatedProviderKey,
  type CreateVendorIntegration,
  type ProviderKeyRow,
  type UpdateVendorIntegration,
  type VendorCatalogue,
  type VendorIntegrationRow,
  type VendorTransferRow,
} from '@banca/contracts';
import { adminRequest } from '@/api/admin-client';
import type { TablePage } from '@/components/data-table';

/** The Vendors desk's calls (`/admin/api/vendors`, the vendors module). */
const E = ADMIN_ENDPOINTS.vendors;

type Params = Record<string, string | number>;

export function fetchIntegrations(params: Params, signal?: AbortSignal) {
  return adminRequest<TablePage<VendorIntegrationRow>>(E.integrations, { query: params, signal });
}

/** Per brand, the catalogue vendors it has not integrated yet (the add form's choosers). */
export function fetchCatalogue(signal?: AbortSignal) {
  return adminRequest<VendorCatalogue>(E.catalogue, { signal });
}

export function createIntegration(input: CreateVendorIntegration) {
  return adminRequest<VendorIntegrationRow>(E.createIntegration, { body: input });
}

export function updateIntegration(
  merchantCode: string,
  vendorCode: string,
  changes: UpdateVendorIntegration,
) {
  return adminRequest<VendorIntegrationRow>(
    { method: 'PUT', path: pathOf(E.updateIntegration, { merchantCode, vendorCode }) },
    { body: changes },
  );
}

export function fetchKeys(params: Params, signal?: AbortSignal) {
  return adminRequest<TablePage<ProviderKeyRow>>(E.keys, { query: params, signal });
}

export function createKey(input: {
  merchantCode: string;
  vendorCode: string | null;
  label: string;
}) {
  return adminRequest<CreatedProviderKey>(E.createKey, { body: input });
}

export function revokeKey(id: number) {
  return adminRequest<ProviderKeyRow>({ method: 'POST', path: pathOf(E.revokeKey, { id }) });
}

export function fetchTransfers(params: Params, signal?: AbortSignal) {
  return adminRequest<TablePage<VendorTransferRow>>(E.transfers, { query: params, signal });
}

export function reconcileTransfer(id: number) {
  return adminRequest<VendorTransferRow>({
    method: 'POST',
    path: pathOf(E.reconcileTransfer, { id }),
  });
}
