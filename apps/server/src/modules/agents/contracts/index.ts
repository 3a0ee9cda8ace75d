import './errors';

/**
 * The contracts between uplines and direct downlines (docs/agents.md "Contracts"): what the
 * agents module's manifest and its `settlement/` part use of them.
 */
export { contractRoutes, adminContractRoutes, type ContractRouteServices } from './routes';
export { createContractsService, CONTRACT_FEATURE, type ContractsService } from './service';
export { createContractsRepository, type ContractRow } from './repository';
export {
  addCalendarDays,
  dividendPeriodEnding,
  payoutOf,
  checkTiers,
  type TeamFigures,
} from './rules';
export type { AgentSettlementRunsTable, AgentSettlementsTable } from './tables';
