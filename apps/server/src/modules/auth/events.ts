/** The domain events the auth module emits (lib/events.ts); handlers live with their own modules. */
declare module '../../lib/events' {
  interface DomainEvents {
    /**
     * A member signed in (any way: password, SMS, a verified new address, registration's own
     * session): missions count the days a member logs in. Trial accounts are left out.
     */
    'member.logged-in': { memberId: number; merchantCode: string; at: string };
  }
}

export {};
