import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog } from './dialog';
import { AlertIcon } from './icons';

/**
 * A warning with one confirm button (docs/product.md §8: a failed SMS send shows the server's
 * message in a warning dialog). It stacks over the dialog that raised it.
 */
export function AlertDialog({
  open,
  title,
  children,
  onClose,
  'data-testid': testId = 'alert-dialog',
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={title} size="sm" data-testid={testId}>
      <div className="alert-dialog">
        <span className="alert-dialog__icon">
          <AlertIcon />
        </span>
        <div className="alert-dialog__text">{children}</div>
        <Button block onClick={onClose} data-autofocus data-testid="alert-dialog-ok">
          {t('common.ok')}
        </Button>
      </div>
    </Dialog>
  );
}
