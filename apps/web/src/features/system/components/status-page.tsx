import type { ReactNode } from 'react';
import { LogoMark } from '@app/ui';
import { LanguageSelect } from '../../../shared/components/language-select.tsx';
import { ThemeToggle } from '../../../shared/components/theme-toggle.tsx';
import './status-page.css';

interface StatusPageProps {
  testId: string;
  icon: ReactNode;
  title: string;
  siteName?: string;
  children: ReactNode;
}

/** Full-page frame for the views that replace the app: maintenance, region block, boot failure. */
export function StatusPage({ testId, icon, title, siteName, children }: StatusPageProps) {
  return (
    <div className="status-page" data-testid={testId}>
      <div className="status-page__bar">
        <span className="status-page__brand">
          <LogoMark size={28} />
          {siteName ? <span>{siteName}</span> : null}
        </span>
        <span className="status-page__tools">
          <LanguageSelect compact />
          <ThemeToggle />
        </span>
      </div>
      <main className="status-page__card">
        <span className="icon-disc status-page__icon">{icon}</span>
        <h1 className="status-page__title" data-testid="page-title">
          {title}
        </h1>
        {children}
      </main>
    </div>
  );
}
