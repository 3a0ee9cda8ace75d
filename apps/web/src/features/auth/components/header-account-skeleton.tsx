import { Skeleton } from '@/components/skeleton';

/** While a session found at boot is checked: the shape of the account area, no buttons. */
export function HeaderAccountSkeleton() {
  return (
    <div className="account" aria-hidden="true" data-testid="header-account-loading">
      <Skeleton width={120} height={36} radius={10} className="account__skeleton-balance" />
      <Skeleton width={36} height={36} radius={18} />
    </div>
  );
}
