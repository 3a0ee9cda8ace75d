import type { ComplianceProfile } from '@banca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { FormAlert, TextField } from '@/components/form-field';
import { ShieldIcon } from '@/components/icons';
import { toast } from '@/stores/toast-store';
import { saveIdentity } from '../api/save-identity';
import { withdrawQueryKey } from '../api/withdraw-keys';
import styles from './deposit.module.css';
import own from './withdraw.module.css';

/** Adults only (Lei 14.790/2023); the server checks the same (identity_underage). */
const MINIMUM_AGE = 18;

/**
 * The CPF check (facts.md §1: CPF, full name, birth date): recorded once, encrypted on the way.
 * The server checks the digits, the name and the age, and answers each with its own message.
 */
export function IdentityCard({ complianceProfile }: { complianceProfile: ComplianceProfile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [cpf, setCpf] = useState('');
  const [fullName, setFullName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [touched, setTouched] = useState(false);
  const save = useMutation({
    mutationFn: saveIdentity,
    onSuccess: async () => {
      toast.success(t('withdraw.identity.done'));
      await queryClient.invalidateQueries({ queryKey: withdrawQueryKey });
    },
  });
  const required = (value: string) =>
    touched && value.trim() === '' ? t('withdraw.identity.required') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!cpf.trim() || !fullName.trim() || !birthDate || save.isPending) return;
    save.mutate({ cpf: cpf.trim(), fullName: fullName.trim(), birthDate });
  };

  return (
    <form className={styles.card} onSubmit={submit} noValidate data-testid="identity-form">
      <h2 className={own.sectionTitle}>
        <ShieldIcon width={18} height={18} aria-hidden="true" /> {t('withdraw.identity.title')}
      </h2>
      <p className={styles.note}>
        {complianceProfile === 'br-regulated'
          ? t('withdraw.identity.regulated')
          : t('withdraw.identity.intro')}
      </p>
      <div className={own.row}>
        <TextField
          label={t('withdraw.identity.cpf')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          placeholder={t('withdraw.identity.cpfPlaceholder')}
          value={cpf}
          onChange={(event) => setCpf(event.target.value)}
          error={required(cpf)}
          data-testid="identity-cpf"
        />
        <TextField
          label={t('withdraw.identity.birthDate')}
          type="date"
          value={birthDate}
          max={new Date().toISOString().slice(0, 10)}
          onChange={(event) => setBirthDate(event.target.value)}
          error={required(birthDate)}
          hint={t('withdraw.identity.adult', { age: MINIMUM_AGE })}
          data-testid="identity-birth-date"
        />
      </div>
      <TextField
        label={t('withdraw.identity.fullName')}
        autoComplete="name"
        maxLength={100}
        placeholder={t('withdraw.identity.fullNamePlaceholder')}
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
        error={required(fullName)}
        data-testid="identity-name"
      />
      {save.isError ? <FormAlert>{errorMessage(save.error, t)}</FormAlert> : null}
      <Button type="submit" busy={save.isPending} data-testid="identity-submit">
        {save.isPending ? t('withdraw.identity.submitting') : t('withdraw.identity.submit')}
      </Button>
    </form>
  );
}
