import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { ToolIcon } from '@/components/icons';
import { lobbyDialogs, type LaunchOutcome } from '../../stores/lobby-dialog-store';
import { PlugIcon } from '../lobby-icons';
import { GameGrid } from './game-grid';

/**
 * What a launch answered instead of a game (docs/product.md §8): the provider is not connected yet
 * (the server's message, translated), or the game is under maintenance and popular games are
 * offered instead — picking one launches it.
 */
export function LaunchOutcomeDialog({ outcome }: { outcome: LaunchOutcome }) {
  const { t } = useTranslation();
  const close = lobbyDialogs.closeLaunchOutcome;
  if (outcome.kind === 'unavailable') {
    return (
      <Dialog
        open
        onClose={close}
        title={t('lobby.launch.unavailableTitle')}
        size="sm"
        data-testid="launch-unavailable-dialog"
      >
        <div className="launch-outcome">
          <span className="launch-outcome__art">
            <img src={outcome.game.iconUrl} alt="" width={300} height={400} />
            <span className="launch-outcome__icon">
              <PlugIcon />
            </span>
          </span>
          <p className="launch-outcome__game">{outcome.game.displayName}</p>
          <p className="launch-outcome__message" data-testid="launch-message">
            {outcome.message}
          </p>
          <p className="launch-outcome__hint">{t('lobby.launch.unavailableHint')}</p>
          <Button block onClick={close} data-autofocus data-testid="launch-ok">
            {t('common.ok')}
          </Button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onClose={close}
      title={t('lobby.launch.maintenanceTitle')}
      size="lg"
      data-testid="launch-maintenance-dialog"
    >
      <div className="launch-outcome launch-outcome--wide">
        <span className="launch-outcome__badge">
          <ToolIcon />
        </span>
        <p className="launch-outcome__message" data-testid="launch-message">
          {outcome.message}
        </p>
        {outcome.suggestions.length > 0 ? (
          <GameGrid games={outcome.suggestions} onLaunch={close} data-testid="launch-suggestions" />
        ) : (
          <Button onClick={close} data-autofocus>
            {t('common.ok')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
