import { ModuleId, type ContractKind } from '@banca/contracts';

/** Each kind with the whitelabel key that switches it on (facts.md §1), in menu order. */
export const CONTRACT_MODULES: readonly { kind: ContractKind; module: string }[] = [
  { kind: 'dividend', module: ModuleId.agentDividend },
  { kind: 'daily', module: ModuleId.agentDailySalary },
  { kind: 'hourly', module: ModuleId.agentHourlySalary },
  { kind: 'realtime', module: ModuleId.agentRealtimeSalary },
];
