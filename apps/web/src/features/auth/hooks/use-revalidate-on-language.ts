import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useLanguage } from '@/i18n';

/**
 * Messages shown beside fields are in the language of the moment they were made; after a
 * language switch the fields that show one are checked again so the message is re-worded.
 */
export function useRevalidateOnLanguage<T extends FieldValues>(form: UseFormReturn<T>): void {
  const language = useLanguage();
  const previous = useRef(language);
  const { trigger, getFieldState, formState } = form;
  // Read during render so react-hook-form tracks `errors` for this component.
  const errors = formState.errors;
  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    const names = Object.keys(errors).filter((name) => getFieldState(name as never).invalid);
    if (names.length > 0) void trigger(names as never);
  }, [language, errors, trigger, getFieldState]);
}
