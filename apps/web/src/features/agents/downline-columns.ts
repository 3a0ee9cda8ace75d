import type { DownlineRow } from '@banca/contracts';
import type { ComponentType } from 'react';
import { ContractCell } from './contracts/components/contract-cell';

/**
 * Columns other parts of the agents feature add to downlineManagmentView's table, after the
 * figures: the contracts add "contract status" with its offer button (contracts/). One line
 * each: `{ id: 'contract', headerKey: 'agentContracts.title', Cell: ContractCell }`.
 */
export type DownlineColumn = {
  id: string;
  /** The header's translation key. */
  headerKey: string;
  Cell: ComponentType<{ row: DownlineRow; currency: string }>;
};

export const DOWNLINE_COLUMNS: DownlineColumn[] = [
  { id: 'contract', headerKey: 'agentContracts.title', Cell: ContractCell },
];
