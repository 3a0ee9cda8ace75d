import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ShieldIcon, UsersIcon, WalletInIcon } from '@/components/icons';
import { PageLoader } from '@/components/spinner';
import { useSessionStore } from '@/stores/session-store';
import { ApplyPanel } from './apply-panel';

/**
 * Agent login (/agent, docs/product.md §2): what the agent centre offers beside the login form,
 * which the app composes in (`form`: the accounts feature's login, agents only). A forced password
 * change opens the change-password dialog over this page. An agent already logged in goes on to the
 * agent centre.
 */
export default function AgentLoginPage({ form }: { form: ReactNode }) {
  const { t } = useTranslation();
  const status = useSessionStore((session) => session.status);
  const isAgent = useSessionStore((session) => session.isAgent);
  const isTrial = useSessionStore((session) => session.isTrial);
  // A signed-in player (not a free-play account) may apply to become an agent instead.
  const applying = status === 'loggedIn' && !isAgent && !isTrial;
  if (status === 'restoring') return <PageLoader />;
  if (status === 'loggedIn' && isAgent) return <Navigate to="/agentHome" replace />;
  return (
    <div className="agent-login" data-testid="agent-login-page">
      <section className="agent-login__intro">
        <span className="agent-login__badge">{t('header.agent')}</span>
        <h1 className="agent-login__title">{t('agent.loginTitle')}</h1>
        <p className="agent-login__subtitle">{t('agent.loginSubtitle')}</p>
        <ul className="agent-login__points">
          <li>
            <UsersIcon />
            <span>{t('agent.points.team')}</span>
          </li>
          <li>
            <WalletInIcon />
            <span>{t('agent.points.income')}</span>
          </li>
          <li>
            <ShieldIcon />
            <span>{t('agent.points.contracts')}</span>
          </li>
        </ul>
      </section>
      <section className="agent-login__card" aria-labelledby="agent-login-form-title">
        <h2 id="agent-login-form-title" className="agent-login__card-title">
          {applying ? t('agentApply.title') : t('agent.formTitle')}
        </h2>
        {applying ? <ApplyPanel /> : form}
      </section>
    </div>
  );
}
