import type { ReactNode } from 'react';
import { LogoMark } from '@app/ui';
import { useBootInfo } from '../../system/index.ts';
import { LanguageSelect } from '../../../shared/components/language-select.tsx';
import { ThemeToggle } from '../../../shared/components/theme-toggle.tsx';
import '../agent.css';

/** The agent layout: no player header, side menu or footer (spec §2 app shell). */
export function AgentFrame({ title, tools, children }: { title: string; tools?: ReactNode; children: ReactNode }) {
  const boot = useBootInfo();
  return (
    <div className="agent-layout">
      <header className="agent-topbar">
        <span className="agent-topbar__brand">
          <LogoMark size={28} />
          <span className="agent-topbar__site">{boot.site.name}</span>
          <span className="agent-topbar__badge">{title}</span>
        </span>
        <span className="agent-topbar__tools">
          {tools}
          <LanguageSelect compact />
          <ThemeToggle />
        </span>
      </header>
      {children}
    </div>
  );
}
