/** The domain events the agents module publishes (lib/events.ts). */
declare module '../../lib/events' {
  interface DomainEvents {
    /**
     * Money moved between an agent and its direct downline (the ledger moved it, once): the
     * receiver's realtime notice (AGENT_TRANSFER_AGENT_TO_DOWNLINE / _DOWNLINE_TO_AGENT).
     */
    'agent.transferred': {
      transferId: number;
      merchantCode: string;
      direction: 'to_downline' | 'to_upline';
      fromMemberId: number;
      toMemberId: number;
      amountMinor: number;
      currency: string;
      at: string;
    };
  }
}

export {};
