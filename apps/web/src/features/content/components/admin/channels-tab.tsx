import { socialChannelSchema, type ChannelsInput } from '@banca/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-field';
import { saveChannels } from '../../api/admin-content';
import { formatLines, parseLines } from '../../lib/channel-lines';
import type { ContentTabProps } from './content-desk';
import styles from './content-desk.module.css';
import { useContentMutation } from './use-content-mutation';

type SocialChannel = ChannelsInput['socialChannels'][number]['channel'];
const SOCIAL_CHANNELS: readonly string[] = socialChannelSchema.shape.channel.options;
const isSocial = (value: string): value is SocialChannel => SOCIAL_CHANNELS.includes(value);

/** Mirror addresses (line detection), customer-service channels and social links of a brand. */
export function ChannelsTab({ content, canEdit }: ContentTabProps) {
  const { t } = useTranslation();
  const { channels } = content;
  const [mirrors, setMirrors] = useState(() =>
    formatLines(channels.domainRoute.map((m) => [m.name, m.url])),
  );
  const [service, setService] = useState(() =>
    formatLines(channels.customerService.map((c) => [c.csType, c.path, c.label])),
  );
  const [social, setSocial] = useState(() =>
    formatLines(channels.socialChannels.map((s) => [s.channel, s.url])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const save = useContentMutation(
    (input: ChannelsInput) => saveChannels(content.merchantCode, input),
    'saved',
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = [
      { label: t('contentDesk.channels.mirrors'), result: parseLines(mirrors, 2) },
      { label: t('contentDesk.channels.service'), result: parseLines(service, 3) },
      { label: t('contentDesk.channels.social'), result: parseLines(social, 2) },
    ];
    const bad = parsed.find((list) => list.result.badLine !== null);
    const socialRows = parsed[2]!.result.rows;
    const badSocial = socialRows.findIndex(([channel]) => !isSocial(channel!));
    if (bad || badSocial >= 0) {
      setProblem(
        bad
          ? `${bad.label}: ${t('contentDesk.channels.badLine', { line: bad.result.badLine })}`
          : `${t('contentDesk.channels.social')}: ${t('contentDesk.channels.badLine', { line: badSocial + 1 })}`,
      );
      return;
    }
    setProblem(null);
    save.mutate({
      domainRoute: parsed[0]!.result.rows.map(([name, url]) => ({ name: name!, url: url! })),
      customerService: parsed[1]!.result.rows.map(([csType, path, label]) => ({
        csType: csType!,
        path: path!,
        label: label!,
      })),
      socialChannels: socialRows.map(([channel, url]) => ({
        channel: channel as SocialChannel,
        url: url!,
      })),
    });
  };

  const area = (
    label: string,
    hint: string,
    value: string,
    onChange: (value: string) => void,
    testId: string,
  ) => (
    <label className={styles.field}>
      {label}
      <textarea
        rows={5}
        value={value}
        disabled={!canEdit}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
        spellCheck={false}
      />
      <span className={styles.muted}>{hint}</span>
    </label>
  );
  return (
    <form className={styles.form} onSubmit={submit} data-testid="channels-form">
      {area(
        t('contentDesk.channels.mirrors'),
        t('contentDesk.channels.mirrorsHint'),
        mirrors,
        setMirrors,
        'channels-mirrors',
      )}
      {area(
        t('contentDesk.channels.service'),
        t('contentDesk.channels.serviceHint'),
        service,
        setService,
        'channels-service',
      )}
      {area(
        t('contentDesk.channels.social'),
        t('contentDesk.channels.socialHint'),
        social,
        setSocial,
        'channels-social',
      )}
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {canEdit ? (
        <div className={styles.actions}>
          <Button type="submit" busy={save.isPending} data-testid="channels-save">
            {t('contentDesk.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
