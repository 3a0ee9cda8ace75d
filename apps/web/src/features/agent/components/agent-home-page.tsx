import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { ComingSoon } from '@/components/coming-soon';
import { LogoutIcon, UsersIcon } from '@/components/icons';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { useSessionStore } from '@/stores/session-store';

/** Agent centre (/agentHome), behind the agent guard. Its pages arrive with the agent issue. */
export default function AgentHomePage() {
  const { t } = useTranslation();
  const member = useSessionStore((session) => session.member);
  return (
    <div className="agent-page" data-testid="agent-home-page">
      <div className="agent-home__bar">
        <p className="agent-home__who" data-testid="agent-home-member">
          {t('agent.signedInAs', { name: member?.nickname || member?.account || '' })}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => openAuthDialog({ kind: 'logout' })}
          data-testid="agent-logout"
        >
          <LogoutIcon width={18} height={18} />
          {t('auth.logout')}
        </Button>
      </div>
      <ComingSoon title={t('areas.Agent')} icon={<UsersIcon />} />
    </div>
  );
}
