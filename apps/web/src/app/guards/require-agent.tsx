import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '@/components/spinner';
import { useSessionStore } from '@/stores/session-store';

/**
 * /agentHome is for agents only; everyone else goes to the agent login (docs/product.md §2). A
 * session found at boot is checked first, so a reload does not bounce an agent to the login page.
 */
export function RequireAgent() {
  const status = useSessionStore((session) => session.status);
  const isAgent = useSessionStore((session) => session.isAgent);
  if (status === 'restoring') return <PageLoader />;
  return isAgent ? <Outlet /> : <Navigate to="/agent" replace />;
}
