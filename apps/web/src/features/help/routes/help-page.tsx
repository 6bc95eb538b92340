import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button, HelpIcon, Spinner } from '@app/ui';
import { PageHeader } from '../../../shared/components/page-header.tsx';
import { useHelpCentre } from '../../content/index.ts';
import { AppDownloadSection } from '../components/app-download-section.tsx';
import { HelpArticleView } from '../components/help-article-view.tsx';
import { HelpModal } from '../components/help-modal.tsx';
import { HelpNav } from '../components/help-nav.tsx';
import { APP_SECTION_TAG, helpViewOf } from '../help-view.ts';
import '../components/help.css';

/**
 * /help and /helpmc (spec §2): the topics on the left, the chosen one on the right. The address
 * hash chooses (/help#<tag>); /help#term opens the terms in the help modal over the page, and
 * closing it drops the hash.
 */
export function HelpPage({ kind }: { kind: 'help' | 'helpmc' }) {
  const { t } = useTranslation(['pages', 'content']);
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const help = useHelpCentre();
  const articles = help.data?.articles ?? [];
  const view = helpViewOf(hash, articles);
  const selected = articles.find((article) => article.tag === view.selectedTag);

  let body;
  if (help.isPending) {
    body = <Spinner label={t('content:help.loading')} layout="block" />;
  } else if (help.isError) {
    body = (
      <div className="dashed-note" role="alert">
        <p>{t('content:help.failed')}</p>
        <Button variant="outline" size="sm" onClick={() => void help.refetch()} disabled={help.isFetching}>
          {t('content:help.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="help-layout">
        <HelpNav articles={articles} selectedTag={view.selectedTag} />
        <div className="stack stack--gap-4">
          {articles.length === 0 ? <p className="dashed-note">{t('content:help.empty')}</p> : null}
          {view.selectedTag === APP_SECTION_TAG || !selected ? <AppDownloadSection /> : <HelpArticleView article={selected} />}
        </div>
      </div>
    );
  }

  return (
    <div className="page help-page" data-testid="help-page">
      <PageHeader title={t(`pages:${kind}.title`)} subtitle={t(`pages:${kind}.subtitle`)} icon={<HelpIcon />} />
      {body}
      {view.modalArticle ? (
        <HelpModal article={view.modalArticle} onClose={() => navigate({ pathname, search, hash: '' }, { replace: true })} />
      ) : null}
    </div>
  );
}
