import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckCircleIcon, EyeIcon, EyeOffIcon, InfoIcon } from './icons';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> & {
  ref?: Ref<HTMLInputElement>;
};

export type TextFieldProps = InputProps & {
  label: ReactNode;
  /** The first validation message (docs/product.md §5), shown under the field and tied to it. */
  error?: string | null;
  hint?: ReactNode;
  /** Shown inside the box before the value, e.g. the country dialing code. */
  prefix?: ReactNode;
  /** Shown inside the box after the value, e.g. a "send code" button. */
  trailing?: ReactNode;
  /** Labels hidden visually (still read by screen readers), for compact inline fields. */
  hideLabel?: boolean;
};

/**
 * A labelled input with its message: `aria-invalid` and `aria-describedby` point assistive
 * technology at the error (or the hint), and the error replaces the hint while it applies.
 */
export function TextField({
  label,
  error,
  hint,
  prefix,
  trailing,
  hideLabel = false,
  id,
  className,
  ...input
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const hasMessage = Boolean(error) || Boolean(hint);
  return (
    <div
      className={['field', error ? 'field--invalid' : null, className].filter(Boolean).join(' ')}
    >
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <div className="field__box">
        {prefix ? <span className="field__prefix">{prefix}</span> : null}
        <input
          id={inputId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={hasMessage ? messageId : undefined}
          {...input}
        />
        {trailing ? <span className="field__trailing">{trailing}</span> : null}
      </div>
      {error ? (
        <p id={messageId} className="field__error" data-testid="field-error">
          <AlertIcon aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : hint ? (
        <p id={messageId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field__icon-btn"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
          aria-pressed={visible}
          data-testid="toggle-password"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
  label: ReactNode;
  error?: string | null;
};

/** A checkbox with its label beside it (the label may hold links) and an optional message. */
export function Checkbox({ label, error, id, className, ...input }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  return (
    <div
      className={['check', error ? 'check--invalid' : null, className].filter(Boolean).join(' ')}
    >
      <div className="check__row">
        <input
          id={inputId}
          type="checkbox"
          className="check__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          {...input}
        />
        <label htmlFor={inputId} className="check__label">
          {label}
        </label>
      </div>
      <FieldError id={messageId} error={error} />
    </div>
  );
}

/** A field's error under it (TextField, Checkbox, SelectField), named by the field's aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string | null | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="field__error" data-testid="field-error">
      <AlertIcon aria-hidden="true" />
      <span>{error}</span>
    </p>
  );
}

/** A message about the whole form (a server answer not tied to one field). */
export function FormAlert({
  children,
  tone = 'error',
  'data-testid': testId = 'form-error',
}: {
  children: ReactNode;
  tone?: 'error' | 'info' | 'success';
  'data-testid'?: string;
}) {
  const Icon = tone === 'error' ? AlertIcon : tone === 'success' ? CheckCircleIcon : InfoIcon;
  return (
    <div
      className={`form-alert form-alert--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <Icon aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
