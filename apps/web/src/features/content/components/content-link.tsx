import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LinkageType } from '@app/contracts';
import { useStartGame } from '../../games/index.ts';
import { linkActionOf } from '../link-action.ts';

interface ContentLinkProps {
  linkageType: LinkageType;
  target: string | null;
  className?: string;
  /** The accessible name when the content is only an image. */
  label?: string;
  testId?: string;
  /** After the link is followed (a popup closes itself). */
  onFollow?: () => void;
  children: ReactNode;
}

/**
 * A banner's or popup's link as the right element: an in-app link, an external link in a new
 * tab, a button that starts a game, or a plain box when there is nowhere to go. The data
 * attributes say what it does, for the journeys that check it.
 */
export function ContentLink({ linkageType, target, className, label, testId, onFollow, children }: ContentLinkProps) {
  const { start } = useStartGame();
  const action = linkActionOf(linkageType, target);
  const data = { 'data-testid': testId, 'data-linkage-type': action.kind === 'none' ? 'NONE' : linkageType, 'data-target': target ?? '' };
  switch (action.kind) {
    case 'route':
      return (
        <Link to={action.to} className={className} aria-label={label} onClick={onFollow} {...data}>
          {children}
        </Link>
      );
    case 'external':
      return (
        <a href={action.href} target="_blank" rel="noopener noreferrer" className={className} aria-label={label} onClick={onFollow} {...data}>
          {children}
        </a>
      );
    case 'game':
      return (
        <button
          type="button"
          className={className}
          aria-label={label}
          onClick={() => {
            onFollow?.();
            // demoSupported is unknown from a banner: a trial account is told to register.
            start({ nodeId: action.nodeId, demoSupported: false });
          }}
          {...data}
        >
          {children}
        </button>
      );
    default:
      return (
        <div className={className} {...data}>
          {children}
        </div>
      );
  }
}
