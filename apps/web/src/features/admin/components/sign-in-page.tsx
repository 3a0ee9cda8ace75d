import type { StaffLoginStep } from '@banca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { FormAlert, PasswordField, TextField } from '@/components/form-field';
import { ShieldIcon } from '@/components/icons';
import { submitCode, submitPassword } from '../api/session';
import styles from './sign-in.module.css';

/**
 * The console's sign-in (docs/admin-console.md): username and password, then always the
 * authenticator's code; the first time, the QR code to enrol it. The token is kept by
 * submitCode; the console then shows the desks by itself.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState<StaffLoginStep | null>(null);
  return (
    <main className={styles.page}>
      <div className={styles.card} data-testid="admin-sign-in">
        <div className={styles.badge} aria-hidden="true">
          <ShieldIcon width={28} height={28} />
        </div>
        <p className={styles.brand}>{t('admin.brand')}</p>
        {step ? (
          <CodeStep step={step} onBack={() => setStep(null)} />
        ) : (
          <PasswordStep onNext={setStep} />
        )}
      </div>
      <p className={styles.footnote}>{t('admin.signIn.subtitle')}</p>
    </main>
  );
}

function PasswordStep({ onNext }: { onNext: (step: StaffLoginStep) => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!username.trim() || !password) return;
    setBusy(true);
    setError(null);
    try {
      onNext(await submitPassword({ username: username.trim(), password }));
    } catch (failure) {
      setError(errorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <h1 className={styles.title}>{t('admin.signIn.title')}</h1>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <TextField
        label={t('admin.signIn.username')}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={touched && !username.trim() ? t('admin.signIn.required') : null}
        data-autofocus
        autoFocus
      />
      <PasswordField
        label={t('admin.signIn.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={touched && !password ? t('admin.signIn.required') : null}
      />
      <Button type="submit" block busy={busy} data-testid="admin-sign-in-submit">
        {t('admin.signIn.submit')}
      </Button>
    </form>
  );
}

function CodeStep({ step, onBack }: { step: StaffLoginStep; onBack: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = /^\d{6}$/.test(code);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) {
      setError(t('admin.signIn.codeFormat'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const session = await submitCode({ pendingToken: step.pendingToken, code });
      queryClient.setQueryData(['admin', 'me', session.token], session.operator);
    } catch (failure) {
      setError(errorMessage(failure, t));
      setCode('');
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <h1 className={styles.title}>
        {step.step === 'enrol' ? t('admin.signIn.enrolTitle') : t('admin.signIn.codeTitle')}
      </h1>
      {step.step === 'enrol' ? (
        <div className={styles.enrol} data-testid="admin-enrol">
          <p>{t('admin.signIn.enrolText')}</p>
          <div className={styles.qr}>
            <QRCodeSVG
              value={step.otpauthUrl}
              size={176}
              marginSize={2}
              title={t('admin.signIn.enrolQr')}
            />
          </div>
          <p className={styles.secretLabel}>{t('admin.signIn.enrolSecret')}</p>
          <code className={styles.secret} data-testid="admin-enrol-secret">
            {step.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </div>
      ) : (
        <p className={styles.text}>{t('admin.signIn.codeText')}</p>
      )}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <TextField
        label={t('admin.signIn.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="[0-9]*"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        className={styles.codeField}
        autoFocus
        data-testid="admin-code"
      />
      <Button type="submit" block busy={busy} data-testid="admin-code-submit">
        {t('admin.signIn.verify')}
      </Button>
      <Button type="button" variant="ghost" block onClick={onBack}>
        {t('admin.signIn.back')}
      </Button>
    </form>
  );
}
