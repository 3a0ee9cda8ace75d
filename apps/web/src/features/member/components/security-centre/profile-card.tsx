import type { Profile, ProfileUpdate } from '@banca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { fieldOfError, issueMessage } from '@/api/field-errors';
import { Button } from '@/components/button';
import { FormAlert, TextField } from '@/components/form-field';
import { UserIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import { profileQueryKey } from '../../api/get-profile';
import { updateProfile } from '../../api/update-profile';
import { contactCodeChannel, useContactCodeGate } from './contact-code-gate';
import { useReauthGate } from './reauth-gate';

/** The editable fields, in the order of the form, with the server's length limit of each. */
const PERSONAL = [
  ['nickname', 32],
  ['fullName', 64],
  ['birthday', 10],
  ['nationality', 64],
  ['occupation', 64],
  ['sourceOfIncome', 64],
  ['address', 255],
] as const;
const CONTACT = [
  ['email', 128],
  ['mobileNum', 15],
  ['whatsapp', 32],
  ['telegram', 64],
  ['line', 64],
  ['facebook', 128],
  ['zalo', 32],
] as const;

type FieldName = (typeof PERSONAL)[number][0] | (typeof CONTACT)[number][0];
type Values = Record<FieldName, string>;
const FIELD_NAMES: FieldName[] = [...PERSONAL, ...CONTACT].map(([name]) => name);

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE_PATTERN = /^\d{8,15}$/;

function valuesOf(profile: Profile): Values {
  const values = {} as Values;
  for (const name of FIELD_NAMES) values[name] = profile[name] ?? '';
  return values;
}

/**
 * The profile of "my account" (docs/product.md §3 other profile fields). Only changed fields are
 * sent; a field emptied is cleared. The server's own checks answer beside the field they concern.
 */
export function ProfileCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  // E-mail and mobile recover the account: the server asks for the password again first.
  const reauth = useReauthGate();
  const contactCodes = useContactCodeGate();

  /**
   * Saves the change, answering the server's questions on the way: the password again
   * (reauth_required), then a code sent to each new e-mail or mobile (contact_code_required).
   */
  const save = async (change: ProfileUpdate): Promise<Profile> => {
    const codes: Pick<ProfileUpdate, 'emailCode' | 'mobileCode'> = {};
    // At most one question per new channel, and a last try with every code.
    for (let round = 0; ; round++) {
      try {
        return await reauth.guard(() => updateProfile({ ...change, ...codes }));
      } catch (error) {
        const channel = contactCodeChannel(error);
        if (!channel || round >= 2) throw error;
        const value = (channel === 'email' ? change.email : change.mobileNum) ?? '';
        const code = await contactCodes.ask(channel, value, error);
        if (channel === 'email') codes.emailCode = code;
        else codes.mobileCode = code;
      }
    }
  };
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    values: valuesOf(profile),
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting, dirtyFields, isDirty } = formState;

  const submit = handleSubmit(
    async (values) => {
      setFormError(null);
      const change: Record<string, string> = {};
      for (const name of FIELD_NAMES) {
        if (dirtyFields[name]) change[name] = values[name].trim();
      }
      try {
        const updated = await save(change as ProfileUpdate);
        queryClient.setQueryData(profileQueryKey, updated);
        reset(valuesOf(updated));
        useSessionStore.getState().patchMember({ nickname: updated.nickname });
        toast.success(t('profile.saved'));
      } catch (error) {
        const field = fieldOfError(error, FIELD_NAMES, { mobile_taken: 'mobileNum' });
        const message = issueMessage(error) ?? errorMessage(error, t);
        if (field) setError(field, { message }, { shouldFocus: true });
        else setFormError(message);
      }
    },
    () => setFormError(null),
  );

  const field = (name: FieldName, maxLength: number) => {
    const common = {
      label: t(`profile.fields.${name}`),
      placeholder: t(`profile.placeholders.${name}`),
      maxLength,
      error: errors[name]?.message,
      'data-testid': `profile-${name}`,
    };
    switch (name) {
      case 'email':
        return (
          <TextField
            key={name}
            {...common}
            type="email"
            inputMode="email"
            autoComplete="email"
            {...register(name, {
              validate: (value) =>
                !value.trim() || EMAIL_PATTERN.test(value.trim())
                  ? true
                  : t('profile.validation.email'),
            })}
          />
        );
      case 'mobileNum':
        return (
          <TextField
            key={name}
            {...common}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            prefix={profile.countryDialingCode ?? undefined}
            {...register(name, {
              validate: (value) =>
                !value.trim() || MOBILE_PATTERN.test(value.trim())
                  ? true
                  : t('profile.validation.mobile'),
            })}
          />
        );
      case 'birthday':
        return (
          <TextField
            key={name}
            {...common}
            type="date"
            max={new Date().toISOString().slice(0, 10)}
            {...register(name)}
          />
        );
      case 'address':
        return (
          <TextField
            key={name}
            {...common}
            autoComplete="street-address"
            className="field--wide"
            {...register(name)}
          />
        );
      default:
        return (
          <TextField
            key={name}
            {...common}
            autoComplete={name === 'fullName' ? 'name' : name === 'nickname' ? 'nickname' : 'off'}
            {...register(name)}
          />
        );
    }
  };

  return (
    <section
      className="card profile-card"
      aria-labelledby="profile-title"
      data-testid="profile-card"
    >
      <header className="card__header">
        <span className="card__icon">
          <UserIcon />
        </span>
        <div>
          <h2 id="profile-title" className="card__title">
            {t('profile.title')}
          </h2>
          <p className="card__subtitle">{t('profile.subtitle')}</p>
        </div>
      </header>
      <form className="profile-card__form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('profile.account')}
          value={profile.account}
          readOnly
          disabled
          data-testid="profile-account"
        />
        <fieldset className="profile-card__group">
          <legend>{t('profile.personal')}</legend>
          <div className="profile-card__grid">
            {PERSONAL.map(([name, max]) => field(name, max))}
          </div>
        </fieldset>
        <fieldset className="profile-card__group">
          <legend>{t('profile.contact')}</legend>
          <div className="profile-card__grid">{CONTACT.map(([name, max]) => field(name, max))}</div>
        </fieldset>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <div className="card__actions">
          <Button
            variant="ghost"
            disabled={!isDirty || isSubmitting}
            onClick={() => reset(valuesOf(profile))}
          >
            {t('profile.discard')}
          </Button>
          <Button type="submit" disabled={!isDirty || isSubmitting} data-testid="profile-save">
            {isSubmitting ? <Spinner sizePx={16} /> : null}
            {t('profile.save')}
          </Button>
        </div>
      </form>
      {reauth.dialog}
      {contactCodes.dialog}
    </section>
  );
}
