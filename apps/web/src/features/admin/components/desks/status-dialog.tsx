import type { MemberDetail } from '@banca/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormAlert, TextField } from '@/components/form-field';
import { toast } from '@/stores/toast-store';
import { setMemberStatus } from '../../api/members';
import styles from './desk.module.css';

/** Locks or unlocks a member, with a reason for the audit log. */
export function StatusDialog({
  open,
  member,
  onClose,
  onDone,
}: {
  open: boolean;
  member: MemberDetail;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const locking = member.status !== 'locked';
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setReason('');
    setTouched(false);
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (reason.trim().length < 3) return;
    setBusy(true);
    setError(null);
    try {
      await setMemberStatus(member.id, {
        status: locking ? 'locked' : 'active',
        reason: reason.trim(),
      });
      toast.success(locking ? t('admin.members.locked') : t('admin.members.unlocked'));
      onDone();
      close();
    } catch (failure) {
      setError(errorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={locking ? t('admin.members.lockTitle') : t('admin.members.unlockTitle')}
      size="sm"
      data-testid="status-dialog"
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <p>{locking ? t('admin.members.lockText') : t('admin.members.unlockText')}</p>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <TextField
          label={t('admin.members.statusReason')}
          value={reason}
          maxLength={200}
          onChange={(event) => setReason(event.target.value)}
          error={touched && reason.trim().length < 3 ? t('admin.members.reasonHint') : null}
          data-testid="status-reason"
          data-autofocus
        />
        <div className={styles.buttons}>
          <Button type="submit" busy={busy} data-testid="status-submit">
            {locking ? t('admin.members.lock') : t('admin.members.unlock')}
          </Button>
          <Button type="button" variant="ghost" onClick={close}>
            {t('admin.members.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
