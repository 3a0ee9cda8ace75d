import AgentLoginPage from '@/features/agents/components/agent-login-page';
import { LoginPanel } from '@/features/auth/components/login-panel';
import { useSystemInfo } from '@/features/system';

/**
 * /agent composed: the agent feature's page with the accounts feature's login form (agents
 * only). One split chunk, so neither lands in the home route.
 */
export default function AgentLoginRoute() {
  const info = useSystemInfo();
  return <AgentLoginPage form={<LoginPanel info={info} agentLogin />} />;
}
