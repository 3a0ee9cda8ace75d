import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { SparklesIcon } from '@/components/icons';
import { openAuthDialog, useAuthDialogStore } from '@/stores/auth-dialog-store';

/**
 * A trial (free play) member opened something only real accounts have (docs/product.md §4):
 * register a real account first, with an OK button. Leaving a member-centre page returns home.
 */
export function TrialNoticeDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dismiss = () => {
    useAuthDialogStore.getState().close();
    if (pathname === '/member') void navigate('/', { replace: true });
  };
  return (
    <Dialog open onClose={dismiss} title={t('trial.title')} size="sm" data-testid="trial-dialog">
      <div className="confirm">
        <span className="confirm__icon">
          <SparklesIcon />
        </span>
        <p className="confirm__text" data-testid="trial-message">
          {t('trial.message')}
        </p>
        <div className="confirm__actions">
          <Button
            variant="secondary"
            onClick={() => openAuthDialog({ kind: 'register' })}
            data-testid="trial-register"
          >
            {t('trial.register')}
          </Button>
          <Button onClick={dismiss} data-autofocus data-testid="trial-ok">
            {t('common.ok')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
