import { isModuleEnabled } from '@banca/contracts';
import { useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AGENT_CENTRE_PAGES } from '@/features/agents/centre-pages';
import { AgentCentreLayout } from '@/features/agents/components/agent-centre-layout';
import { useSystemInfo } from '@/features/system';
import { customerServiceUrl, openCustomerService } from '@/lib/customer-service';

/**
 * /agentHome composed: the agents feature's frame with the pages the brand's whitelabel keys
 * switch on (facts.md §1), its time zone and customer service. A page switched off sends the
 * agent to the centre's first page.
 */
export default function AgentCentreRoute() {
  const info = useSystemInfo();
  const location = useLocation();
  const pages = useMemo(
    () =>
      AGENT_CENTRE_PAGES.filter(
        (page) => page.module === null || isModuleEnabled(info.whitelabel, page.module),
      ),
    [info.whitelabel],
  );
  const current = location.pathname.split('/')[2];
  const switchedOff =
    current !== undefined &&
    current !== '' &&
    AGENT_CENTRE_PAGES.some((page) => page.path === current) &&
    !pages.some((page) => page.path === current);
  if (switchedOff) return <Navigate to="/agentHome" replace />;
  return (
    <AgentCentreLayout
      pages={pages}
      timeZone={info.timeZone}
      onCustomerService={
        customerServiceUrl(info.customerService)
          ? () => openCustomerService(info.customerService)
          : null
      }
    />
  );
}
