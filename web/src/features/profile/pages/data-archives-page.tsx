// /profile/i-tuoi-dati, "I tuoi dati" (GDPR articles 15 and 20; ADR 039): what the
// archive holds, one button to prepare it, its state (in preparazione / pronto fino al … / scaduto),
// the download, and the archives asked before. The file comes through the API client as base64 and is
// saved in the browser: no link to it exists.
import type { core } from '@sportello/contract';
import { formatDateTimeRome } from '@sportello/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { base64ToBlob, saveBlob } from '../../../shared/files/download';
import { dataArchivesQuery, downloadDataArchive, requestDataArchive } from '../api/archives-api';
import { ProfileFrame } from '../components/profile-frame';
import { withProfileTexts } from '../i18n';
import archiveTexts from '../texts.archives.it.json';
import '../profile.css';

// This page's own texts come with it, not with every profile page (each within its 40 KB budget).
const t = withProfileTexts(archiveTexts);

const SECTIONS = [
  'profile',
  'consents',
  'supplies',
  'bills',
  'payments',
  'readings',
  'consumption',
  'requests',
  'complaints',
  'messages',
  'notifications',
  'sessions',
] as const;

const megabytes = (bytes: number) =>
  new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 }).format(Math.max(bytes / 1_048_576, 0.1));

function stateText(archive: core.DataArchive): string {
  switch (archive.status) {
    case 'preparing':
      return t('profileArchives.state.preparing');
    case 'ready':
      return t('profileArchives.state.ready', { date: formatDateTimeRome(archive.expiresAt ?? '') });
    case 'expired':
      return t('profileArchives.state.expired');
    case 'failed':
      return t('profileArchives.state.failed');
  }
}

function ArchiveItem({ archive }: { archive: core.DataArchive }) {
  const download = useMutation(downloadDataArchive);
  const requested = formatDateTimeRome(archive.requestedAt);
  return (
    <li className="archive-item">
      <div className="archive-item__body">
        <p className="archive-item__name">{t('profileArchives.requested', { date: requested })}</p>
        <p className="archive-item__meta">
          {stateText(archive)}
          {archive.status === 'ready' && archive.sizeBytes !== null
            ? ` · ${t('profileArchives.size', { size: megabytes(archive.sizeBytes) })}`
            : null}
        </p>
        {download.isError ? (
          <p className="form__error" role="alert">
            {download.error.message}
          </p>
        ) : null}
      </div>
      {archive.status === 'ready' ? (
        <button
          type="button"
          className="button button--primary archive-item__action"
          disabled={download.isPending}
          aria-label={t('profileArchives.download_named', { date: requested })}
          onClick={() =>
            download.mutate(
              { params: { key: archive.key } },
              { onSuccess: (file) => saveBlob(base64ToBlob(file.data, file.contentType), file.fileName) },
            )
          }
        >
          {download.isPending ? t('profileArchives.downloading') : t('profileArchives.download')}
        </button>
      ) : null}
    </li>
  );
}

function Archives() {
  const { data, status } = useQuery(dataArchivesQuery());
  if (status === 'pending') return <p className="card__muted">{t('profileArchives.loading')}</p>;
  if (!data) return <p className="card__muted">{t('profileArchives.error')}</p>;
  if (data.length === 0) return <p className="card__muted">{t('profileArchives.empty')}</p>;
  return (
    <ul className="archive-list">
      {data.map((archive) => (
        <ArchiveItem key={archive.key} archive={archive} />
      ))}
    </ul>
  );
}

export default function DataArchivesPage() {
  const prepare = useMutation(requestDataArchive);
  const [asked, setAsked] = useState(false);
  // The same query as the list's (one request): the notice goes once the archive is no longer preparing.
  const preparing = useQuery(dataArchivesQuery()).data?.some((a) => a.status === 'preparing') ?? false;
  return (
    <ProfileFrame heading={t('profileArchives.heading')} intro={t('profileArchives.intro')}>
      <h2>{t('profileArchives.contents_heading')}</h2>
      <ul className="archive-contents">
        {SECTIONS.map((section) => (
          <li key={section}>{t(`profileArchives.contents.${section}`)}</li>
        ))}
      </ul>
      <p className="card__muted">{t('profileArchives.formats')}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={prepare.isPending}
        onClick={() => prepare.mutate({}, { onSuccess: () => setAsked(true) })}
      >
        {t('profileArchives.prepare')}
      </button>
      <div role="status" className="archive-status">
        {asked && preparing && !prepare.isError ? t('profileArchives.asked') : null}
      </div>
      {prepare.isError ? (
        <p className="form__error" role="alert">
          {prepare.error.message}
        </p>
      ) : null}
      <h2 className="archive-list__heading">{t('profileArchives.list_heading')}</h2>
      <Archives />
    </ProfileFrame>
  );
}
