import { DOWNLINE_KINDS, type DownlineKind } from '@banca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { CopyIcon } from '@/components/icons';
import { FormAlert, PasswordField, TextField } from '@/components/form-field';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import { agentsQueryKey } from '../api/keys';
import { registerDownline } from '../api/register-downline';
import styles from '../components/agent-page.module.css';

/** The username rule the server applies (contracts registerDownlineSchema): 4-16 letters or digits. */
const USERNAME_PATTERN = /^[a-zA-Z0-9]{4,16}$/;
/** The shortest password the server takes for a new account. */
const MIN_PASSWORD_LENGTH = 6;

/**
 * registerCenter: a new direct downline account (a player or an agent) with its first
 * password, and the agent's affiliate link for players who register themselves.
 */
export default function RegisterCenterPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inviteCode = useSessionStore((session) => session.member?.inviteCode);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [kind, setKind] = useState<DownlineKind>('player');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => registerDownline({ username, password, kind }),
    onSuccess: (done) => {
      setCreated(done.username);
      setUsername('');
      setPassword('');
      void queryClient.invalidateQueries({ queryKey: agentsQueryKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    if (!USERNAME_PATTERN.test(username)) return setInvalid(t('agents.register.usernameRule'));
    if (password.length < MIN_PASSWORD_LENGTH)
      return setInvalid(t('agents.register.passwordRule', { min: MIN_PASSWORD_LENGTH }));
    setInvalid(null);
    create.mutate();
  };
  // The register form fills its invitation field (affiliateCode) from the link.
  const link = inviteCode
    ? `${window.location.origin}/register?affiliateCode=${encodeURIComponent(inviteCode)}`
    : null;

  return (
    <div className={styles.page} data-testid="agent-register-center">
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('agents.menu.registerCenter')}</h1>
          <p className={styles.subtitle}>{t('agents.register.hint')}</p>
        </div>
      </header>
      <section className={styles.panel}>
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.kinds} role="radiogroup" aria-label={t('agents.register.kind')}>
            {DOWNLINE_KINDS.map((value) => (
              <Button
                key={value}
                variant={value === kind ? 'primary' : 'outline'}
                size="sm"
                role="radio"
                aria-checked={value === kind}
                onClick={() => setKind(value)}
                data-testid={`agent-register-kind-${value}`}
              >
                {t(`agents.kinds.${value}`)}
              </Button>
            ))}
          </div>
          <TextField
            label={t('agents.register.username')}
            autoComplete="off"
            value={username}
            maxLength={16}
            onChange={(event) => setUsername(event.target.value)}
            data-testid="agent-register-username"
          />
          <PasswordField
            label={t('agents.register.password')}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            data-testid="agent-register-password"
          />
          {invalid || create.error ? (
            <FormAlert>{invalid ?? errorMessage(create.error, t)}</FormAlert>
          ) : null}
          {created ? (
            <FormAlert tone="success" data-testid="agent-register-done">
              {t('agents.register.done', { username: created })}{' '}
              <Link to="/agentHome/downlineManagmentView">{t('agents.register.seeTeam')}</Link>
            </FormAlert>
          ) : null}
          <Button type="submit" busy={create.isPending} data-testid="agent-register-submit">
            {t('agents.register.submit')}
          </Button>
        </form>
      </section>
      {link ? (
        <section className={styles.panel}>
          <h2 className={styles.panelTitle}>{t('agents.register.link')}</h2>
          <div className={styles.copyRow}>
            <code data-testid="agent-affiliate-link">{link}</code>
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(link)
                  .then(() => toast.success(t('agents.register.copied')))
              }
            >
              <CopyIcon width={16} height={16} />
              {t('agents.register.copy')}
            </Button>
          </div>
          <p className={styles.subtitle}>{t('agents.register.code', { code: inviteCode })}</p>
        </section>
      ) : null}
    </div>
  );
}
