import { useState, type CSSProperties } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { AgentTreeFigures, AgentTreeNode } from '@app/contracts';
import { Button, Checkbox, TextField } from '@app/ui';
import { Badge } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatMoney } from '../../shared/format.ts';
import { TREE_PAGE_SIZE, useTreePage } from './agents.api.ts';
import { formatDay, formatRate, typeKey } from './labels.ts';
import './agents.css';

/**
 * The agent tree: the top agents, or the node searched for (?root=account) with its uplines.
 * Each node expands on demand, fifty downlines at a time (agents first); on a phone the tree is an
 * indented list with the figures under each name.
 */
export default function TreePage() {
  const { t, i18n } = useTranslation(['admin-agents', 'admin']);
  const [params, setParams] = useSearchParams();
  const root = params.get('root');
  const agentsOnly = params.get('agents') === '1';
  // The account box; the server's AgentTreeQuerySchema checks the root it is sent.
  const form = useForm<{ account: string }>({ defaultValues: { account: root ?? '' } });
  const query = useTreePage(root, 1, agentsOnly);

  function go(next: { root?: string | null; agentsOnly?: boolean }) {
    const account = next.root === undefined ? root : next.root;
    const only = next.agentsOnly ?? agentsOnly;
    const search: Record<string, string> = {};
    if (account) search.root = account;
    if (only) search.agents = '1';
    setParams(search);
  }

  const submit = form.handleSubmit(({ account }) => go({ root: account.trim().toLowerCase() || null }));

  const data = query.data;
  return (
    <Page title={t('tree.title')} testId="agents-tree-page">
      <form className="bo-agents__search" onSubmit={(event) => void submit(event)} role="search">
        <TextField label={t('tree.search')} hint={t('tree.searchHint')} {...form.register('account')} maxLength={64} data-testid="tree-search" />
        <Button type="submit" data-testid="tree-search-submit">
          {t('admin:common.search')}
        </Button>
        {root ? (
          <Button type="button" variant="outline" onClick={() => { form.setValue('account', ''); go({ root: null }); }} data-testid="tree-top">
            {t('tree.top')}
          </Button>
        ) : null}
        <Checkbox label={t('tree.agentsOnly')} checked={agentsOnly} onChange={(event) => go({ agentsOnly: event.target.checked })} data-testid="tree-agents-only" />
      </form>
      <QueryState query={query}>
        {() =>
          data ? (
            <>
              {data.root ? (
                <>
                  <nav className="bo-agents__path" aria-label={t('tree.path')} data-testid="tree-path">
                    <Link to={agentsOnly ? '?agents=1' : '?'} onClick={() => form.setValue('account', '')}>{t('tree.topShort')}</Link>
                    {data.path.map((upline) => (
                      <span key={upline.account}>
                        {' › '}
                        <Link to={`?root=${encodeURIComponent(upline.account)}${agentsOnly ? '&agents=1' : ''}`} onClick={() => form.setValue('account', upline.account)}>{upline.account}</Link>
                      </span>
                    ))}
                    {' › '}
                    <strong>{data.root.account}</strong>
                  </nav>
                  <RootCard node={data.root} />
                </>
              ) : null}
              <p className="bo-muted bo-agents__days" data-testid="tree-days">
                {t('tree.days', { today: formatDay(data.days.today, i18n.language), monthFrom: formatDay(data.days.monthFrom, i18n.language), timeZone: data.days.timeZone })}
                {data.root ? null : ` · ${t('tree.topCount', { count: data.total })}`}
              </p>
              <div className="bo-agents__tree-head" aria-hidden="true">
                <span>{t('tree.columns.account')}</span>
                <span>{t('tree.columns.team')}</span>
                <span>{t('tree.columns.contracts')}</span>
                <span className="bo-num">{t('tree.columns.today')}</span>
                <span className="bo-num">{t('tree.columns.month')}</span>
              </div>
              <ul className="bo-agents__tree" role="tree" aria-label={t('tree.title')} data-testid="tree">
                <Children parent={root} agentsOnly={agentsOnly} depth={0} />
              </ul>
            </>
          ) : null
        }
      </QueryState>
    </Page>
  );
}

/** A node's downlines, page after page as the operator asks for more. */
function Children({ parent, agentsOnly, depth }: { parent: string | null; agentsOnly: boolean; depth: number }) {
  const { t } = useTranslation(['admin-agents', 'admin']);
  const [pages, setPages] = useState(1);
  const first = useTreePage(parent, 1, agentsOnly);
  if (first.isPending) return <li className="bo-agents__note" role="none">{t('admin:common.loading')}</li>;
  if (first.isError || !first.data) {
    return (
      <li className="bo-agents__note bo-error" role="none">
        {t('tree.loadFailed')}{' '}
        <button type="button" className="bo-link" onClick={() => void first.refetch()}>{t('admin:common.retry')}</button>
      </li>
    );
  }
  const total = first.data.total;
  if (total === 0) return <li className="bo-agents__note bo-muted" role="none" style={{ paddingLeft: indent(depth) }} data-testid={`tree-empty-${parent ?? 'top'}`}>{t(agentsOnly ? 'tree.noAgents' : 'tree.noDownlines')}</li>;
  const shown = Math.min(total, pages * TREE_PAGE_SIZE);
  return (
    <>
      {Array.from({ length: pages }, (_, index) => (
        <ChildPage key={index} parent={parent} agentsOnly={agentsOnly} depth={depth} pageNo={index + 1} />
      ))}
      {shown < total ? (
        <li className="bo-agents__note" role="none" style={{ paddingLeft: indent(depth) }}>
          <Button size="sm" variant="outline" onClick={() => setPages(pages + 1)} data-testid={`tree-more-${parent ?? 'top'}`}>
            {t('tree.showMore', { shown, total })}
          </Button>
        </li>
      ) : null}
    </>
  );
}

function ChildPage({ parent, agentsOnly, depth, pageNo }: { parent: string | null; agentsOnly: boolean; depth: number; pageNo: number }) {
  const { t } = useTranslation('admin');
  const page = useTreePage(parent, pageNo, agentsOnly);
  if (!page.data) return <li className="bo-agents__note" role="none">{page.isError ? t('common.retry') : t('common.loading')}</li>;
  return (
    <>
      {page.data.content.map((node) => (
        <TreeNode key={node.account} node={node} agentsOnly={agentsOnly} depth={depth} />
      ))}
    </>
  );
}

/** An empty cell (no team, no contract, no play) shows a dash on a desktop and is left out on a phone. */
const cellClass = (empty: boolean) => (empty ? 'bo-agents__cell bo-agents__cell--empty' : 'bo-agents__cell');

const indent = (depth: number) => `calc(var(--bo-agents-indent) * ${Math.min(depth, 8)})`;

function TreeNode({ node, agentsOnly, depth }: { node: AgentTreeNode; agentsOnly: boolean; depth: number }) {
  const { t } = useTranslation('admin-agents');
  const [open, setOpen] = useState(false);
  const expandable = node.directCount > 0;
  return (
    <li role="treeitem" aria-expanded={expandable ? open : undefined} aria-level={depth + 1} className="bo-agents__item" data-testid={`node-${node.account}`}>
      <div className="bo-agents__row" style={{ '--bo-agents-depth-pad': indent(depth) } as CSSProperties}>
        <div className="bo-agents__name">
          {expandable ? (
            <button type="button" className="bo-agents__toggle" onClick={() => setOpen(!open)} aria-label={t(open ? 'tree.collapse' : 'tree.expand', { account: node.account })} data-testid={`toggle-${node.account}`}>
              {open ? '▾' : '▸'}
            </button>
          ) : (
            <span className="bo-agents__toggle bo-agents__toggle--leaf" aria-hidden="true">·</span>
          )}
          <span className="bo-agents__who">
            <Link to={`?root=${encodeURIComponent(node.account)}${agentsOnly ? '&agents=1' : ''}`} className="bo-agents__account" title={t('tree.open')}>
              {node.account}
            </Link>
            <span className="bo-muted bo-agents__nick">{node.nickname}</span>
            <span className="bo-agents__badges">
              <Badge tone={node.isAgent ? 'ok' : 'neutral'}>{t(typeKey(node.type))}</Badge>
              {node.status !== 'active' ? <Badge tone="bad">{t(`memberStatus.${node.status}`, { defaultValue: node.status })}</Badge> : null}
              <span className="bo-muted bo-agents__hint">{t('tree.level', { level: node.level })}</span>
            </span>
          </span>
        </div>
        <NodeFacts node={node} />
      </div>
      {open ? (
        <ul role="group" className="bo-agents__tree">
          <Children parent={node.account} agentsOnly={agentsOnly} depth={depth + 1} />
        </ul>
      ) : null}
    </li>
  );
}

/** Counts, contracts and figures: columns on a desktop, lines under the name on a phone. */
function NodeFacts({ node }: { node: AgentTreeNode }) {
  const { t, i18n } = useTranslation('admin-agents');
  return (
    <>
      <div className={cellClass(node.teamSize === 0)} data-label={t('tree.columns.team')}>
        <span data-testid={`team-${node.account}`}>{node.teamSize === 0 ? <span className="bo-muted">—</span> : t('tree.counts', { direct: node.directCount, team: node.teamSize })}</span>
      </div>
      <div className={cellClass(node.contracts.length === 0)} data-label={t('tree.columns.contracts')}>
        {node.contracts.length === 0 ? (
          <span className="bo-muted">—</span>
        ) : (
          <span className="bo-agents__chips">
            {node.contracts.map((contract) => (
              <span key={contract.id} className="bo-agents__chip" title={t(contract.upline ? 'tree.contractByUpline' : 'tree.contractByOperator', { version: contract.version, upline: contract.upline })}>
                {t(`kinds.${contract.kind}`)} {formatRate(contract.maxRate, i18n.language)}
              </span>
            ))}
          </span>
        )}
      </div>
      <Figures label={t('tree.columns.today')} figures={node.today} />
      <Figures label={t('tree.columns.month')} figures={node.month} />
    </>
  );
}

function Figures({ label, figures }: { label: string; figures: AgentTreeFigures }) {
  const { t, i18n } = useTranslation('admin-agents');
  const money = (amount: string) => formatMoney(amount, i18n.language);
  return (
    <div className={`${cellClass(figures.bets === 0)} bo-agents__figures`} data-label={label}>
      {figures.bets === 0 ? (
        <span className="bo-muted">{t('tree.noPlay')}</span>
      ) : (
        <span title={t('tree.figuresTitle', { bets: figures.bets, stake: money(figures.stake), validBet: money(figures.validBet), ggr: money(figures.ggr) })}>
          {t('tree.stake', { amount: money(figures.stake) })}
          <br />
          <span className={figures.ggr.startsWith('-') ? 'bo-agents__loss' : 'bo-agents__gain'}>{t('tree.ggr', { amount: money(figures.ggr) })}</span>
        </span>
      )}
    </div>
  );
}

/** The node searched for: who it is, its team and its figures in full. */
function RootCard({ node }: { node: AgentTreeNode }) {
  const { t, i18n } = useTranslation('admin-agents');
  const money = (amount: string) => formatMoney(amount, i18n.language);
  return (
    <section className="bo-card bo-agents__root" data-testid="tree-root">
      <div className="bo-agents__root-head">
        <h2 className="bo-agents__root-title">{node.account}</h2>
        <span className="bo-muted">{node.nickname}</span>
        <Badge tone={node.isAgent ? 'ok' : 'neutral'}>{t(typeKey(node.type))}</Badge>
        {node.status !== 'active' ? <Badge tone="bad">{t(`memberStatus.${node.status}`, { defaultValue: node.status })}</Badge> : null}
        <span className="bo-muted">{t('tree.level', { level: node.level })}</span>
      </div>
      <dl className="bo-agents__facts">
        <div><dt>{t('tree.direct')}</dt><dd>{node.directCount}</dd></div>
        <div><dt>{t('tree.team')}</dt><dd>{node.teamSize}</dd></div>
        {(['today', 'month'] as const).map((period) => (
          <div key={period}>
            <dt>{t(`tree.columns.${period}`)}</dt>
            <dd>
              {t('tree.betsCount', { count: node[period].bets })} · {t('tree.stake', { amount: money(node[period].stake) })} · {t('tree.validBet', { amount: money(node[period].validBet) })} · {t('tree.ggr', { amount: money(node[period].ggr) })}
            </dd>
          </div>
        ))}
        <div>
          <dt>{t('tree.columns.contracts')}</dt>
          <dd>
            {node.contracts.length === 0
              ? t('tree.noContracts')
              : node.contracts.map((contract) => `${t(`kinds.${contract.kind}`)} v${contract.version} ${formatRate(contract.maxRate, i18n.language)} (${contract.upline ?? t('contracts.operator')})`).join(' · ')}
          </dd>
        </div>
      </dl>
    </section>
  );
}
