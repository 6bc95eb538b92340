import type { ReactNode } from 'react';
import { NotAvailableYet } from './not-available-yet.tsx';
import './page.css';

/** Every page's h1 carries data-testid="page-title" so journeys can assert where they are. */
export function PageHeader({ title, subtitle, icon }: { title: string; subtitle?: ReactNode; icon?: ReactNode }) {
  return (
    <header className="page-header">
      {icon ? <span className="page-header__icon">{icon}</span> : null}
      <div>
        <h1 className="page-header__title" data-testid="page-title">
          {title}
        </h1>
        {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
      </div>
    </header>
  );
}

interface PlaceholderPageProps {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  notice?: string;
  children?: ReactNode;
}

/** A page whose feature arrives in a later issue: its title, then the shared notice. */
export function PlaceholderPage({ title, subtitle, icon, notice, children }: PlaceholderPageProps) {
  return (
    <div className="page">
      <PageHeader title={title} subtitle={subtitle} icon={icon} />
      {children}
      <NotAvailableYet message={notice} />
    </div>
  );
}
