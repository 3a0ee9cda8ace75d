import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldError } from '@/components/form-field';
import { ChevronDownIcon } from '@/components/icons';

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  ref?: Ref<HTMLSelectElement>;
  label: ReactNode;
  error?: string | null;
  children: ReactNode;
};

/** A labelled native select in the look of TextField (components/form-field.tsx). */
export function SelectField({
  label,
  error,
  id,
  className,
  children,
  ...select
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const messageId = `${selectId}-message`;
  return (
    <div
      className={['field', 'select-field', error ? 'field--invalid' : null, className]
        .filter(Boolean)
        .join(' ')}
    >
      <label htmlFor={selectId} className="field__label">
        {label}
      </label>
      <div className="field__box">
        <select
          id={selectId}
          className="field__input select-field__select"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          {...select}
        >
          {children}
        </select>
        <ChevronDownIcon className="select-field__chevron" />
      </div>
      <FieldError id={messageId} error={error} />
    </div>
  );
}
