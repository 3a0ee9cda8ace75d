import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { FormAlert, TextField } from '@/components/form-field';
import { agentsQueryKey } from '../api/keys';
import { applicationQueryOptions, applyForAgent } from '../api/application';
import styles from './agent-page.module.css';

/** The shortest application message the server takes (contracts applySchema). */
const MIN_MESSAGE_LENGTH = 10;
const MAX_MESSAGE_LENGTH = 500;

/**
 * The affiliate application (docs/agents.md "Becoming an agent"): a signed-in member who is not
 * an agent tells how they bring players; an operator decides in the console.
 */
export function ApplyPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mine = useQuery(applicationQueryOptions());
  const [message, setMessage] = useState('');
  const [contact, setContact] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: () => applyForAgent({ message, ...(contact ? { contact } : {}) }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
  });
  const status = mine.data?.application?.status;
  if (status === 'pending')
    return (
      <FormAlert tone="info" data-testid="agent-apply-pending">
        {t('agentApply.pending')}
      </FormAlert>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim().length < MIN_MESSAGE_LENGTH) return setInvalid(t('agentApply.tooShort'));
    setInvalid(null);
    apply.mutate();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="agent-apply-form">
      <p className={styles.subtitle}>{t('agentApply.hint')}</p>
      {status === 'rejected' ? <FormAlert tone="info">{t('agentApply.rejected')}</FormAlert> : null}
      <TextField
        label={t('agentApply.message')}
        value={message}
        maxLength={MAX_MESSAGE_LENGTH}
        onChange={(event) => setMessage(event.target.value)}
        data-testid="agent-apply-message"
      />
      <TextField
        label={t('agentApply.contact')}
        value={contact}
        maxLength={100}
        onChange={(event) => setContact(event.target.value)}
      />
      {invalid || apply.error ? (
        <FormAlert>{invalid ?? errorMessage(apply.error, t)}</FormAlert>
      ) : null}
      <Button type="submit" busy={apply.isPending} data-testid="agent-apply-submit">
        {t('agentApply.submit')}
      </Button>
    </form>
  );
}
