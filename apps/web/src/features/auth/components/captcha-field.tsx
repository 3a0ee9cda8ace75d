import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@/components/form-field';
import { RefreshIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import type { CaptchaState } from '../hooks/use-captcha';

/**
 * The captcha the server asks for after failed logins (docs/product.md §2): the answer field with
 * the image beside it; the image and the button both load a new one (at most once a second).
 */
export function CaptchaField({
  state,
  ...field
}: Omit<TextFieldProps, 'label' | 'trailing'> & { state: CaptchaState }) {
  const { t } = useTranslation();
  const { captcha, loading, refresh } = state;
  return (
    <div className="captcha" data-testid="captcha">
      <TextField
        {...field}
        label={t('auth.captcha.label')}
        placeholder={t('auth.captcha.placeholder')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={16}
        trailing={
          <span className="captcha__media">
            <button
              type="button"
              className="captcha__image-btn"
              onClick={refresh}
              aria-label={t('auth.captcha.refresh')}
              title={t('auth.captcha.refresh')}
            >
              {captcha ? (
                <img
                  src={captcha.imageUrl}
                  alt={t('auth.captcha.imageAlt')}
                  width={150}
                  height={50}
                  className="captcha__image"
                  data-testid="captcha-image"
                />
              ) : (
                <span className="captcha__placeholder">
                  {loading ? <Spinner sizePx={16} /> : null}
                </span>
              )}
            </button>
            <button
              type="button"
              className="field__icon-btn"
              onClick={refresh}
              aria-label={t('auth.captcha.refresh')}
              data-testid="captcha-refresh"
            >
              {loading ? <Spinner sizePx={16} /> : <RefreshIcon />}
            </button>
          </span>
        }
      />
      {state.error && !captcha ? (
        <p className="field__hint" role="alert">
          {t('auth.captcha.loadError')}
        </p>
      ) : null}
    </div>
  );
}
