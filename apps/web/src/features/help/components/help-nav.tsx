import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HelpArticle } from '@app/contracts';
import { DownloadIcon } from '@app/ui';
import { APP_SECTION_TAG } from '../help-view.ts';

interface HelpNavProps {
  articles: readonly HelpArticle[];
  selectedTag: string;
}

/** The help topics: every article, then the built-in app download guide. Each is a #tag link. */
export function HelpNav({ articles, selectedTag }: HelpNavProps) {
  const { t } = useTranslation('content');
  const entries = [...articles.map((article) => ({ tag: article.tag, title: article.title })), { tag: APP_SECTION_TAG, title: t('app.title') }];
  return (
    <nav className="help-nav" aria-label={t('help.topics')}>
      <ul className="help-nav__list">
        {entries.map((entry) => {
          const isSelected = entry.tag === selectedTag;
          return (
            <li key={entry.tag}>
              <Link
                to={{ hash: entry.tag }}
                className={isSelected ? 'rail-link help-nav__link is-active' : 'rail-link help-nav__link'}
                aria-current={isSelected ? 'page' : undefined}
                data-testid={`help-nav-${entry.tag}`}
              >
                {entry.tag === APP_SECTION_TAG ? <DownloadIcon size={16} /> : null}
                <span>{entry.title}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
