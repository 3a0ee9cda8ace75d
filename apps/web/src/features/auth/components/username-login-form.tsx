import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Checkbox, FormAlert, PasswordField, TextField } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { login } from '../api/login';
import { useCaptcha } from '../hooks/use-captcha';
import { useCompleteLogin, type LoginContext } from '../hooks/use-complete-login';
import { useRevalidateOnLanguage } from '../hooks/use-revalidate-on-language';
import { challengeOf, type LoginChallenge } from '../lib/login-challenge';
import { fieldOfError } from '@/api/field-errors';
import { CaptchaField } from './captcha-field';

type Values = { username: string; password: string; captcha: string; remember: boolean };

/** Server codes that belong beside one field of this form. */
const FIELD_BY_CODE = { captcha_required: 'captcha', captcha_invalid: 'captcha' } as const;

/**
 * Username and password login (docs/product.md §2, §5): both required; a captcha once the server
 * asks for one (`data.captcha`), renewed after every failed attempt because the server uses each
 * image once. `agentLogin` is the /agent page's form (agents only).
 */
export function UsernameLoginForm({
  agentLogin = false,
  from,
  onChallenge,
  onForgotPassword,
}: {
  agentLogin?: boolean;
  from?: string;
  onChallenge: (challenge: LoginChallenge, context: LoginContext) => void;
  onForgotPassword?: () => void;
}) {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const [captchaShown, setCaptchaShown] = useState(false);
  const captcha = useCaptcha(captchaShown);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { username: '', password: '', captcha: '', remember: false },
  });
  const { register, handleSubmit, setError, setValue, formState } = form;
  const { errors, isSubmitting } = formState;
  useRevalidateOnLanguage(form);

  const submit = handleSubmit(
    async (values) => {
      setFormError(null);
      const context: LoginContext = {
        remember: values.remember,
        agentLogin,
        knownPassword: values.password,
        from,
      };
      try {
        const response = await login({
          type: 'username',
          username: values.username.trim(),
          password: values.password,
          remember: values.remember,
          agentLogin,
          ...(captchaShown && captcha.captcha
            ? { captcha: values.captcha.trim(), captchaId: captcha.captcha.id }
            : {}),
        });
        await completeLogin(response, context);
      } catch (error) {
        const challenge = challengeOf(error);
        if (challenge) {
          onChallenge(challenge, context);
          return;
        }
        const wantsCaptcha =
          isApiError(error) && (error.data?.captcha === true || error.code.startsWith('captcha_'));
        if (wantsCaptcha) {
          // Each image answers one attempt: whatever happened, the next try needs a new one.
          if (captchaShown) captcha.reload();
          setCaptchaShown(true);
          setValue('captcha', '');
        }
        const field = fieldOfError(error, ['captcha'] as const, FIELD_BY_CODE);
        if (field) setError(field, { message: errorMessage(error, t) }, { shouldFocus: true });
        else setFormError(errorMessage(error, t));
      }
    },
    () => setFormError(null),
  );

  return (
    <form
      className="auth-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="login-form"
    >
      <TextField
        label={t('auth.fields.username')}
        placeholder={t('auth.placeholders.username')}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={64}
        data-autofocus
        data-testid="login-username"
        error={errors.username?.message}
        {...register('username', {
          validate: (value) => (value.trim() ? true : t('auth.validation.usernameRequired')),
        })}
      />
      <PasswordField
        label={t('auth.fields.password')}
        placeholder={t('auth.placeholders.password')}
        autoComplete="current-password"
        maxLength={128}
        data-testid="login-password"
        error={errors.password?.message}
        {...register('password', {
          validate: (value) => (value ? true : t('auth.validation.passwordRequired')),
        })}
      />
      {captchaShown ? (
        <CaptchaField
          state={captcha}
          data-testid="login-captcha"
          error={errors.captcha?.message}
          {...register('captcha', {
            validate: (value) => (value.trim() ? true : t('auth.validation.captchaRequired')),
          })}
        />
      ) : null}
      <div className="auth-form__row">
        <Checkbox
          label={t('auth.remember')}
          data-testid="login-remember"
          {...register('remember')}
        />
        {onForgotPassword ? (
          <button
            type="button"
            className="link-btn"
            onClick={onForgotPassword}
            data-testid="login-forgot"
          >
            {t('auth.forgotPassword')}
          </button>
        ) : null}
      </div>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Button type="submit" size="lg" block disabled={isSubmitting} data-testid="login-submit">
        {isSubmitting ? <Spinner sizePx={18} label={t('auth.loggingIn')} /> : null}
        {agentLogin ? t('agent.loginButton') : t('auth.loginButton')}
      </Button>
    </form>
  );
}
