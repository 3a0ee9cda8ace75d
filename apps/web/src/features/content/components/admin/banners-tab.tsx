import {
  BANNER_IMAGE_MAX_BYTES,
  SUPPORTED_LANGUAGES,
  type AdminBanner,
  type BannerGroup,
  type BannerInput,
  type Language,
} from '@banca/contracts';
import { useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import {
  createBanner,
  deleteBanner,
  updateBanner,
  uploadBannerImage,
} from '../../api/admin-content';
import { fileToBase64 } from '../../api/feedback';
import type { ContentTabProps } from './content-desk';
import { ContentList } from './content-list';
import styles from './content-desk.module.css';
import { fromLocalInput, scheduleState, toLocalInput } from './schedule';
import { useContentMutation } from './use-content-mutation';

const GROUPS: readonly BannerGroup[] = ['w_home', 'w_login', 'w_register', 'w_forget'];
const LINKAGES = ['none', 'route', 'external'] as const;
/** What the server takes (it checks the bytes; the browser's type only spares a trip). */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const IMAGE_MAX_MB = BANNER_IMAGE_MAX_BYTES / (1024 * 1024);

/** What the removal question calls a banner. */
const nameOf = (banner: AdminBanner) => banner.alt;

/** Banners per group and language, with their link and schedule. */
export function BannersTab({ content, canEdit }: ContentTabProps) {
  const { t } = useTranslation();
  const columns = useMemo(() => {
    const column = tableColumns<AdminBanner>();
    return [
      column.display({
        id: 'image',
        header: t('contentDesk.banners.preview'),
        cell: (i) => <img src={i.row.original.url} alt="" className={styles.bannerThumb} />,
      }),
      column.accessor('alt', { header: t('contentDesk.banners.alt') }),
      column.accessor('groupName', {
        header: t('contentDesk.banners.group'),
        cell: (i) =>
          `${t(`contentDesk.banners.groups.${i.getValue()}`)} · ${i.row.original.language}`,
      }),
      column.accessor('target', {
        header: t('contentDesk.banners.target'),
        cell: (i) => i.getValue() || '—',
      }),
      column.display({
        id: 'schedule',
        header: t('contentDesk.schedule'),
        cell: (i) =>
          t(
            `contentDesk.${scheduleState(i.row.original.startsAt, i.row.original.endsAt, Date.now())}`,
          ),
      }),
    ];
  }, [t]);
  return (
    <ContentList
      rows={content.banners}
      columns={columns}
      label={t('contentDesk.tabs.banners')}
      emptyText={t('contentDesk.banners.empty')}
      testId="banners-table"
      addTestId="banner-add"
      tablePrefix="b"
      nameOf={nameOf}
      canEdit={canEdit}
      remove={deleteBanner}
      editor={(banner, close) => (
        <BannerEditor merchantCode={content.merchantCode} banner={banner} onClose={close} />
      )}
    />
  );
}

function BannerEditor({
  merchantCode,
  banner,
  onClose,
}: {
  merchantCode: string;
  banner: AdminBanner | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    groupName: banner?.groupName ?? ('w_home' as BannerGroup),
    language: (banner?.language ?? 'pt-BR') as Language,
    imageUrl: banner?.url ?? '',
    alt: banner?.alt ?? '',
    linkageType: banner?.linkageType ?? ('route' as (typeof LINKAGES)[number]),
    target: banner?.target ?? '',
    sortOrder: banner?.sortOrder ?? 0,
    startsAt: toLocalInput(banner?.startsAt ?? null),
    endsAt: toLocalInput(banner?.endsAt ?? null),
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const [upload, setUpload] = useState<
    { state: 'idle' | 'busy' } | { state: 'error'; message: string }
  >({
    state: 'idle',
  });
  /** Uploads the picked file; its address replaces the image field's. */
  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type) || file.size > BANNER_IMAGE_MAX_BYTES) {
      setUpload({
        state: 'error',
        message: t('contentDesk.banners.uploadBad', { maxMb: IMAGE_MAX_MB }),
      });
      return;
    }
    setUpload({ state: 'busy' });
    try {
      const uploaded = await uploadBannerImage(await fileToBase64(file));
      set('imageUrl', uploaded.url);
      setUpload({ state: 'idle' });
    } catch (error) {
      setUpload({ state: 'error', message: errorMessage(error, t) });
    }
  }
  const save = useContentMutation(
    (input: BannerInput) =>
      banner ? updateBanner(banner.id, input) : createBanner(merchantCode, input),
    'saved',
    onClose,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      groupName: form.groupName,
      language: form.language,
      imageUrl: form.imageUrl,
      alt: form.alt,
      linkageType: form.linkageType,
      target: form.linkageType === 'none' ? '' : form.target,
      sortOrder: form.sortOrder,
      startsAt: fromLocalInput(form.startsAt),
      endsAt: fromLocalInput(form.endsAt) ?? null,
    });
  };
  return (
    <Dialog open onClose={onClose} title={t('contentDesk.tabs.banners')} size="wide">
      <form className={styles.form} onSubmit={submit} data-testid="banner-editor">
        <div className={styles.grid}>
          <label className={styles.field}>
            {t('contentDesk.banners.group')}
            <select
              value={form.groupName}
              onChange={(e) => set('groupName', e.target.value as BannerGroup)}
            >
              {GROUPS.map((group) => (
                <option key={group} value={group}>
                  {t(`contentDesk.banners.groups.${group}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {t('contentDesk.language')}
            <select
              value={form.language}
              onChange={(e) => set('language', e.target.value as Language)}
            >
              {SUPPORTED_LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`contentDesk.languages.${language}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {t('contentDesk.banners.image')}
            <input
              required
              value={form.imageUrl}
              placeholder={t('contentDesk.banners.imageHint')}
              onChange={(e) => set('imageUrl', e.target.value)}
              data-testid="banner-image"
            />
          </label>
          <div className={styles.field}>
            <label className={styles.upload} data-state={upload.state}>
              <input
                type="file"
                accept={IMAGE_TYPES.join(',')}
                className="visually-hidden"
                onChange={(event) => void onPick(event)}
                disabled={upload.state === 'busy'}
                data-testid="banner-upload"
              />
              {upload.state === 'busy'
                ? t('contentDesk.banners.uploading')
                : t('contentDesk.banners.upload')}
            </label>
            <span
              className={upload.state === 'error' ? styles.error : styles.muted}
              role={upload.state === 'error' ? 'alert' : undefined}
              data-testid="banner-upload-status"
            >
              {upload.state === 'error'
                ? upload.message
                : t('contentDesk.banners.uploadHint', { maxMb: IMAGE_MAX_MB })}
            </span>
          </div>
          <label className={styles.field}>
            {t('contentDesk.banners.alt')}
            <input
              value={form.alt}
              maxLength={200}
              onChange={(e) => set('alt', e.target.value)}
              data-testid="banner-alt"
            />
          </label>
          <label className={styles.field}>
            {t('contentDesk.banners.linkage')}
            <select
              value={form.linkageType}
              onChange={(e) => set('linkageType', e.target.value as (typeof LINKAGES)[number])}
            >
              {LINKAGES.map((linkage) => (
                <option key={linkage} value={linkage}>
                  {t(`contentDesk.banners.linkages.${linkage}`)}
                </option>
              ))}
            </select>
          </label>
          {form.linkageType !== 'none' ? (
            <label className={styles.field}>
              {t('contentDesk.banners.target')}
              <input
                value={form.target}
                placeholder={t('contentDesk.banners.targetHint')}
                onChange={(e) => set('target', e.target.value)}
                data-testid="banner-target"
              />
            </label>
          ) : null}
          <label className={styles.field}>
            {t('contentDesk.sortOrder')}
            <input
              type="number"
              min={0}
              max={10000}
              value={form.sortOrder}
              onChange={(e) => set('sortOrder', Number(e.target.value))}
            />
          </label>
          <label className={styles.field}>
            {t('contentDesk.startsAt')}
            <input
              type="datetime-local"
              value={form.startsAt}
              onChange={(e) => set('startsAt', e.target.value)}
            />
          </label>
          <label className={styles.field}>
            {t('contentDesk.endsAt')}
            <input
              type="datetime-local"
              value={form.endsAt}
              onChange={(e) => set('endsAt', e.target.value)}
            />
          </label>
        </div>
        {form.imageUrl ? <img src={form.imageUrl} alt="" className={styles.bannerPreview} /> : null}
        <div className={styles.actions}>
          <Button
            type="submit"
            busy={save.isPending}
            disabled={upload.state === 'busy'}
            data-testid="banner-save"
          >
            {t('contentDesk.save')}
          </Button>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('contentDesk.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
