import { useTranslation } from 'react-i18next';
import type { HelpArticle } from '@app/contracts';
import { intlLocaleOf } from '@app/i18n';
import { RichText } from '../../content/index.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useBootInfo } from '../../system/index.ts';

/** One help article: title, when it last changed (operator's time zone), and its text. */
export function HelpArticleView({ article }: { article: HelpArticle }) {
  const { t, i18n } = useTranslation('content');
  const { timeZone } = useBootInfo();
  const updated = new Date(article.updatedAt);
  const date = Number.isNaN(updated.getTime())
    ? null
    : new Intl.DateTimeFormat(intlLocaleOf(currentLanguage(i18n)), { timeZone, day: '2-digit', month: 'long', year: 'numeric' }).format(updated);
  return (
    <article id={article.tag} className="help-article" data-testid="help-article" data-tag={article.tag}>
      <h2 className="help-article__title">{article.title}</h2>
      {date ? <p className="help-article__updated">{t('help.updated', { date })}</p> : null}
      <RichText html={article.html} />
    </article>
  );
}
