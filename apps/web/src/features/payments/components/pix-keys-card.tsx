import { PIX_KEY_TYPES, type PixKeyType, type WithdrawOverview } from '@banca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { FormAlert, TextField } from '@/components/form-field';
import { CloseIcon, KeyIcon } from '@/components/icons';
import { addPixKey } from '../api/add-pix-key';
import { removePixKey } from '../api/remove-pix-key';
import { withdrawQueryKey } from '../api/withdraw-keys';
import styles from './deposit.module.css';
import own from './withdraw.module.css';

/**
 * The member's PIX keys: the list (a CPF masked), removal, and a new key by type. Under
 * br-regulated only the CPF type is offered (the server accepts only the member's own CPF).
 */
export function PixKeysCard({ overview }: { overview: WithdrawOverview }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const regulated = overview.complianceProfile === 'br-regulated';
  const types: readonly PixKeyType[] = regulated ? ['cpf'] : PIX_KEY_TYPES;
  const [type, setType] = useState<PixKeyType>('cpf');
  const [key, setKey] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: withdrawQueryKey });
  const add = useMutation({
    mutationFn: addPixKey,
    onSuccess: async () => {
      setKey('');
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: removePixKey, onSuccess: refresh });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!key.trim() || add.isPending) return;
    add.mutate({ type, key: key.trim() });
  };

  return (
    <section className={styles.card} aria-labelledby="pix-keys-title" data-testid="pix-keys">
      <h2 id="pix-keys-title" className={own.sectionTitle}>
        <KeyIcon width={18} height={18} aria-hidden="true" /> {t('withdraw.keys.title')}
      </h2>
      {overview.pixKeys.length === 0 ? (
        <p className={styles.note}>{t('withdraw.keys.empty')}</p>
      ) : (
        <ul className={own.keys}>
          {overview.pixKeys.map((k) => (
            <li key={k.id} className={own.key} data-testid="pix-key">
              <span className={own.keyType}>{t(`withdraw.keys.types.${k.type}`)}</span>
              <span className={own.keyValue}>{k.keyMasked}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('withdraw.keys.remove', { key: k.keyMasked })}
                onClick={() => remove.mutate(k.id)}
                disabled={remove.isPending}
              >
                <CloseIcon width={16} height={16} />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={`${own.row} ${own.rowWide}`} onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">{t('withdraw.keys.typeLabel')}</span>
          <select
            className={own.select}
            value={type}
            onChange={(event) => {
              setType(event.target.value as PixKeyType);
              add.reset();
            }}
            data-testid="pix-key-type"
          >
            {types.map((ty) => (
              <option key={ty} value={ty}>
                {t(`withdraw.keys.types.${ty}`)}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={t('withdraw.keys.keyLabel')}
          autoComplete="off"
          maxLength={100}
          placeholder={t(`withdraw.keys.placeholders.${type}`)}
          value={key}
          onChange={(event) => {
            setKey(event.target.value);
            add.reset();
          }}
          data-testid="pix-key-value"
        />
        <Button type="submit" variant="secondary" busy={add.isPending} data-testid="pix-key-add">
          {add.isPending ? t('withdraw.keys.adding') : t('withdraw.keys.add')}
        </Button>
      </form>
      {regulated ? <p className={styles.note}>{t('withdraw.keys.ownCpfOnly')}</p> : null}
      {add.isError ? <FormAlert>{errorMessage(add.error, t)}</FormAlert> : null}
      {remove.isError ? <FormAlert>{errorMessage(remove.error, t)}</FormAlert> : null}
    </section>
  );
}
