import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useIsCompactLayout } from '../../shared/hooks/use-media-query.ts';
import { isGamePagePath } from '../paths.ts';

interface SideMenuValue {
  /** Desktop: expanded (true) or icon rail (false). Phone: drawer shown or hidden. */
  open: boolean;
  compact: boolean;
  toggle: () => void;
  close: () => void;
}

const SideMenuContext = createContext<SideMenuValue | null>(null);

function defaultOpen(pathname: string, compact: boolean): boolean {
  // Game pages give the game the room; a phone starts with the drawer closed.
  return !compact && !isGamePagePath(pathname);
}

/** Side-menu state shared by the header toggle, the menu and the drawer backdrop. */
export function SideMenuProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const compact = useIsCompactLayout();
  const [open, setOpen] = useState(() => defaultOpen(pathname, compact));

  // Each navigation re-applies the rule; the player's toggle holds until the next one. Applied
  // during render, so the new page never paints with the old page's menu state.
  const [appliedTo, setAppliedTo] = useState({ pathname, compact });
  if (appliedTo.pathname !== pathname || appliedTo.compact !== compact) {
    setAppliedTo({ pathname, compact });
    setOpen(defaultOpen(pathname, compact));
  }

  // The phone drawer closes with Escape, like any overlay.
  useEffect(() => {
    if (!compact || !open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [compact, open]);

  const value = useMemo<SideMenuValue>(
    () => ({ open, compact, toggle: () => setOpen((current) => !current), close: () => setOpen(false) }),
    [open, compact],
  );
  return <SideMenuContext.Provider value={value}>{children}</SideMenuContext.Provider>;
}

export function useSideMenu(): SideMenuValue {
  const value = useContext(SideMenuContext);
  if (!value) throw new Error('useSideMenu must be used inside SideMenuProvider');
  return value;
}
