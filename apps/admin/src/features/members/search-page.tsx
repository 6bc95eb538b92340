import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { MemberSearchQuerySchema, type MemberSummary } from '@app/contracts';
import { Alert, Button, TextField } from '@app/ui';
import { Badge, DataTable, Pager, type Column } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDate } from '../../shared/format.ts';
import { STATUS_TONE, typeKey } from './labels.ts';
import { SEARCH_PAGE_SIZE, useMemberSearch } from './members.api.ts';
import './members.css';

/** The box is the server's `q` (trimmed, 1–100 characters); paging comes from the address. */
const SearchFormSchema = MemberSearchQuerySchema.pick({ q: true });

/**
 * One box: account, CPF, mobile, e-mail or address (exact, or the start of it). The query stays in
 * the address (?q=), so a search can be shared and Back returns to it.
 */
export default function SearchPage() {
  const { t, i18n } = useTranslation(['admin-members', 'admin']);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const form = useForm<{ q: string }>({ resolver: zodResolver(SearchFormSchema), defaultValues: { q } });
  const text = useWatch({ control: form.control, name: 'q' });
  const query = useMemberSearch(q, pageNo);
  const submit = form.handleSubmit((values) => setParams({ q: values.q }));

  const columns: Column<MemberSummary>[] = [
    {
      key: 'account',
      header: t('columns.account'),
      cell: (row) => (
        <span>
          <Link to={`/members/${row.id}`} className="bo-members__account" data-testid={`member-link-${row.id}`}>
            {row.account}
          </Link>
          <span className="bo-members__sub">
            {t(typeKey(row.type))}
            {row.nickname !== row.account ? ` · ${row.nickname}` : ''}
          </span>
        </span>
      ),
    },
    { key: 'status', header: t('columns.status'), cell: (row) => <Badge tone={STATUS_TONE[row.status]}>{t(`status.${row.status}`)}</Badge> },
    { key: 'cpf', header: t('columns.cpf'), cell: (row) => <span className="bo-members__nowrap">{row.cpf ?? '—'}</span> },
    { key: 'mobile', header: t('columns.mobile'), cell: (row) => <span className="bo-members__nowrap">{row.mobile ?? '—'}</span> },
    { key: 'email', header: t('columns.email'), cell: (row) => <span className="bo-members__email">{row.email ?? '—'}</span> },
    { key: 'registered', header: t('columns.registeredAt'), cell: (row) => <span className="bo-members__nowrap">{formatDate(row.registeredAt, i18n.language)}</span> },
    { key: 'matched', header: t('columns.matchedBy'), cell: (row) => row.matchedBy.map((field) => t(`matchedBy.${field}`)).join(', ') },
  ];

  return (
    <Page title={t('search.title')} testId="members-search-page">
      <form className="bo-members__search" onSubmit={(event) => void submit(event)} role="search">
        <TextField
          label={t('search.label')}
          hint={t('search.hint')}
          {...form.register('q')}
          maxLength={100}
          autoFocus
          inputMode="search"
          data-testid="members-search-input"
        />
        <Button type="submit" disabled={text.trim() === ''} data-testid="members-search-submit">
          {t('admin:common.search')}
        </Button>
      </form>
      {q === '' ? (
        <p className="bo-muted">{t('search.start')}</p>
      ) : (
        <QueryState query={query}>
          {() => (
            <>
              {query.data?.truncated ? <Alert tone="info">{t('search.truncated')}</Alert> : null}
              <DataTable columns={columns} rows={query.data?.content ?? []} rowKey={(row) => row.id} testId="members-results" empty={t('search.empty')} />
              {(query.data?.total ?? 0) > SEARCH_PAGE_SIZE ? (
                <Pager pageNo={pageNo} pageSize={SEARCH_PAGE_SIZE} total={query.data?.total ?? 0} onPage={(page) => setParams({ q, page: String(page) })} />
              ) : null}
            </>
          )}
        </QueryState>
      )}
    </Page>
  );
}
