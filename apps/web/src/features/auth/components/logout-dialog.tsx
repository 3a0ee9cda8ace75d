import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { LogoutIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { useLogout } from '../hooks/use-logout';

/** Logout asks first, then shows a loader while the session ends (docs/product.md §4). */
export function LogoutDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [leaving, setLeaving] = useState(false);
  return (
    <Dialog
      open
      onClose={leaving ? () => undefined : onClose}
      title={t('auth.logoutTitle')}
      size="sm"
      data-testid="logout-dialog"
    >
      <div className="confirm">
        <span className="confirm__icon">
          <LogoutIcon />
        </span>
        <p className="confirm__text">{t('auth.logoutConfirm')}</p>
        <div className="confirm__actions">
          <Button
            variant="secondary"
            onClick={onClose}
            disabled={leaving}
            data-testid="logout-cancel"
          >
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => {
              setLeaving(true);
              void logout();
            }}
            disabled={leaving}
            data-autofocus
            data-testid="logout-confirm"
          >
            {leaving ? <Spinner sizePx={18} label={t('auth.loggingOut')} /> : null}
            {leaving ? t('auth.loggingOut') : t('auth.logout')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
