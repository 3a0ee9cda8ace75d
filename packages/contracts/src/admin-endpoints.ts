import type { Endpoint } from './endpoints';

/**
 * Every operator-console endpoint (`/admin/api`, the operator scope) by method and address,
 * written once like ENDPOINTS (zod-free: plain data). Grouped by the server module that answers
 * them; a module that adds a desk adds its group here (docs/admin-console.md).
 */
export const ADMIN_ENDPOINTS = {
  /** Staff sign-in, sessions and accounts: the admin module. */
  staff: {
    login: { method: 'POST', path: '/admin/api/session/login' },
    totp: { method: 'POST', path: '/admin/api/session/totp' },
    logout: { method: 'DELETE', path: '/admin/api/session' },
    me: { method: 'GET', path: '/admin/api/session' },
    operators: { method: 'GET', path: '/admin/api/operators' },
    createOperator: { method: 'POST', path: '/admin/api/operators' },
    updateOperator: { method: 'PUT', path: '/admin/api/operators/:id' },
    resetOperatorTotp: { method: 'POST', path: '/admin/api/operators/:id/totp/reset' },
    audit: { method: 'GET', path: '/admin/api/audit' },
  },
  /** Member desks over the accounts, wallet and outbox services: the backoffice module. */
  backoffice: {
    members: { method: 'GET', path: '/admin/api/members' },
    member: { method: 'GET', path: '/admin/api/members/:id' },
    memberLedger: { method: 'GET', path: '/admin/api/members/:id/ledger' },
    adjust: { method: 'POST', path: '/admin/api/members/:id/adjustments' },
    memberStatus: { method: 'PUT', path: '/admin/api/members/:id/status' },
    outbox: { method: 'GET', path: '/admin/api/outbox' },
  },
  /** The cashier's deposits queue: the payments module (docs/payments.md). */
  deposits: {
    queue: { method: 'GET', path: '/admin/api/payments/deposits' },
    receipt: { method: 'GET', path: '/admin/api/payments/deposits/:id/receipt' },
    approve: { method: 'POST', path: '/admin/api/payments/deposits/:id/approve' },
    reject: { method: 'POST', path: '/admin/api/payments/deposits/:id/reject' },
  },
  /** The cashier's withdrawals queue: the payments module. */
  withdrawals: {
    queue: { method: 'GET', path: '/admin/api/payments/withdrawals' },
    one: { method: 'GET', path: '/admin/api/payments/withdrawals/:id' },
    approve: { method: 'POST', path: '/admin/api/payments/withdrawals/:id/approve' },
    reject: { method: 'POST', path: '/admin/api/payments/withdrawals/:id/reject' },
    proof: { method: 'GET', path: '/admin/api/payments/withdrawals/:id/proofs/:proofId' },
    refundDispute: { method: 'POST', path: '/admin/api/payments/withdrawals/:id/dispute/refund' },
    closeDispute: { method: 'POST', path: '/admin/api/payments/withdrawals/:id/dispute/close' },
    retryPayout: { method: 'POST', path: '/admin/api/payments/withdrawals/:id/payout/retry' },
    failPayout: { method: 'POST', path: '/admin/api/payments/withdrawals/:id/payout/fail' },
  },
  /** The cashier's settings desk: deposit channels and withdrawal limits (the payments module). */
  cashierSettings: {
    read: { method: 'GET', path: '/admin/api/payments/settings' },
    updateChannel: {
      method: 'PUT',
      path: '/admin/api/payments/settings/:merchantCode/channels/:code',
    },
    updateWithdrawals: {
      method: 'PUT',
      path: '/admin/api/payments/settings/:merchantCode/withdrawals',
    },
  },
  /** The Vendors desk: integrations, /pam API keys, transfers: the vendors module. */
  vendors: {
    integrations: { method: 'GET', path: '/admin/api/vendors/integrations' },
    /** Per brand, the catalogue's vendors it has not integrated yet (the add form's chooser). */
    catalogue: { method: 'GET', path: '/admin/api/vendors/catalogue' },
    createIntegration: { method: 'POST', path: '/admin/api/vendors/integrations' },
    updateIntegration: {
      method: 'PUT',
      path: '/admin/api/vendors/integrations/:merchantCode/:vendorCode',
    },
    keys: { method: 'GET', path: '/admin/api/vendors/keys' },
    createKey: { method: 'POST', path: '/admin/api/vendors/keys' },
    revokeKey: { method: 'POST', path: '/admin/api/vendors/keys/:id/revoke' },
    transfers: { method: 'GET', path: '/admin/api/vendors/transfers' },
    reconcileTransfer: { method: 'POST', path: '/admin/api/vendors/transfers/:id/reconcile' },
  },
} as const satisfies Record<string, Record<string, Endpoint>>;
