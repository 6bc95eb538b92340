import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type ContentItem, type ContentKind, type Language } from '@app/contracts';
import { Alert, Button, ConfirmDialog, SelectField } from '@app/ui';
import { Badge, DataTable, type Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { bodyTextKey, CONTENT_PAGES, scheduleState, titleOf, type ScheduleState } from './content-kinds.ts';
import { ContentEditor } from './content-editor.tsx';
import { useContentList, useDeleteContent } from './content.api.ts';
import './content.css';

const STATE_TONE: Record<ScheduleState, 'ok' | 'warn' | 'bad' | 'neutral'> = { live: 'ok', scheduled: 'warn', ended: 'neutral', off: 'bad' };
const WITH_IMAGE: ReadonlySet<ContentKind> = new Set(['banner', 'promotion', 'popup']);

/**
 * One kind of site content: the list (language, order, schedule, on/off, who changed it last),
 * and the editor with its phone preview. Saving reaches every open site at once.
 */
export function ContentPage({ kind }: { kind: ContentKind }) {
  const { t, i18n } = useTranslation(['admin-content', 'admin']);
  const page = CONTENT_PAGES.find((candidate) => candidate.kind === kind);
  const [language, setLanguage] = useState<Language | ''>('');
  const [editing, setEditing] = useState<ContentItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContentItem | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const query = useContentList(kind, language);
  const remove = useDeleteContent(kind);

  const columns: Column<ContentItem>[] = [
    ...(WITH_IMAGE.has(kind)
      ? [
          {
            key: 'image',
            header: t('columns.image'),
            cell: (row: ContentItem) => {
              const url = (row.body as { imageUrl?: unknown }).imageUrl;
              return typeof url === 'string' && url ? <img className="cp-thumb" src={url} alt="" loading="lazy" /> : <span className="bo-muted">—</span>;
            },
          },
        ]
      : []),
    { key: 'title', header: t('columns.title'), cell: (row) => <span className="cp-title-cell" data-testid={`content-title-${row.id}`}>{titleOf(row)}</span> },
    ...(kind === 'banner' ? [{ key: 'group', header: t('fields.group'), cell: (row: ContentItem) => t(bodyTextKey(`groups.${String((row.body as { group?: unknown }).group)}`)) }] : []),
    ...(kind === 'announcement' ? [{ key: 'execution', header: t('fields.execution'), cell: (row: ContentItem) => t(bodyTextKey(`execution.${String((row.body as { execution?: unknown }).execution)}`)) }] : []),
    ...(kind === 'help' ? [{ key: 'tag', header: t('fields.tag'), cell: (row: ContentItem) => <code className="bo-code">{String((row.body as { tag?: unknown }).tag)}</code> }] : []),
    { key: 'language', header: t('fields.language'), cell: (row) => <span className="cp-nowrap" title={row.language ? t(`languages.${row.language}`) : t('languages.all')}>{row.language ? row.language.toUpperCase() : t('languages.allShort')}</span> },
    { key: 'order', header: t('fields.sortOrder'), numeric: true, cell: (row) => row.sortOrder },
    {
      key: 'schedule',
      header: t('columns.schedule'),
      cell: (row) => (row.startsAt || row.endsAt ? <span className="bo-small">{t('columns.scheduleRange', { from: row.startsAt ? formatDateTime(row.startsAt, i18n.language) : '…', to: row.endsAt ? formatDateTime(row.endsAt, i18n.language) : '…' })}</span> : <span className="bo-muted cp-nowrap">{t('columns.always')}</span>),
    },
    {
      key: 'state',
      header: t('columns.state'),
      cell: (row) => {
        const state = scheduleState(row, Date.now());
        return <Badge tone={STATE_TONE[state]} testId={`content-state-${row.id}`}>{t(`states.${state}`)}</Badge>;
      },
    },
    {
      key: 'updated',
      header: t('columns.updated'),
      cell: (row) => (
        <span className="cp-updated">
          <span className="cp-nowrap">{formatDateTime(row.updatedAt, i18n.language)}</span>
          {row.updatedBy ? <span className="bo-muted">{row.updatedBy}</span> : null}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      cell: (row) => (
        <span className="bo-actions cp-nowrap">
          <Button size="sm" onClick={() => { setSaved(null); setEditing(row); }} data-testid={`content-edit-${row.id}`}>
            {t('list.edit')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDeleting(row)} data-testid={`content-delete-${row.id}`}>
            {t('list.delete')}
          </Button>
        </span>
      ),
    },
  ];

  const title = t(`menu.${page?.label ?? 'banners'}`);
  if (editing !== null) {
    return (
      <Page title={title} testId="content-page" actions={<Button variant="outline" onClick={() => setEditing(null)} data-testid="content-back">{t('list.back')}</Button>}>
        <ContentEditor
          kind={kind}
          item={editing === 'new' ? null : editing}
          language={language}
          onCancel={() => setEditing(null)}
          onDone={(item) => {
            setEditing(null);
            setSaved(t('list.saved', { title: titleOf(item) }));
          }}
        />
      </Page>
    );
  }

  return (
    <Page
      title={title}
      testId="content-page"
      actions={
        <Button onClick={() => { setSaved(null); setEditing('new'); }} data-testid="content-new">
          {t('list.new')}
        </Button>
      }
    >
      <p className="bo-muted cp-intro">{t(`intro.${kind}`)}</p>
      <div className="bo-filters">
        <SelectField
          label={t('fields.language')}
          value={language}
          onValueChange={setLanguage}
          options={[{ value: '' as const, label: t('languages.any') }, ...SUPPORTED_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))]}
          data-testid="content-language-filter"
        />
      </div>
      {saved ? (
        <Alert tone="info" data-testid="content-saved">
          {saved}
        </Alert>
      ) : null}
      <ErrorLine error={remove.error} testId="content-delete-error" />
      <QueryState query={query}>{() => <DataTable columns={columns} rows={query.data?.content ?? []} rowKey={(row) => row.id} testId="content" empty={t('list.empty')} />}</QueryState>
      <ConfirmDialog
        open={deleting !== null}
        title={t('list.deleteTitle')}
        message={deleting ? t('list.deleteMessage', { title: titleOf(deleting) }) : ''}
        confirmLabel={t('list.delete')}
        cancelLabel={t('admin:common.cancel')}
        closeLabel={t('admin:common.close')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        testId="content-delete-dialog"
      />
    </Page>
  );
}

/** One page component per kind, for the router's lazy screens. */
function kindPage(kind: ContentKind): ComponentType {
  const KindPage = () => <ContentPage kind={kind} />;
  KindPage.displayName = `ContentPage(${kind})`;
  return KindPage;
}

export const KIND_PAGES: Record<ContentKind, ComponentType> = {
  banner: kindPage('banner'),
  notice: kindPage('notice'),
  promotion: kindPage('promotion'),
  popup: kindPage('popup'),
  announcement: kindPage('announcement'),
  help: kindPage('help'),
  agent_notice: kindPage('agent_notice'),
};
