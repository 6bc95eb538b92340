import { Button } from '../primitives/button.tsx';

export interface PagerLabels {
  /** The navigation's accessible name ("Páginas"). */
  pages: string;
  previous: string;
  next: string;
  /** "Page 2 of 7 (130)": the caller's translation of where the list stands. */
  position: (page: number, pages: number, total: number) => string;
}

/**
 * A list with a count gives pageSize and total; one that only knows whether more rows follow
 * (no count: a member may have millions of bets) gives hasMore, and shows the page number alone.
 */
export type PagerProps = { pageNo: number; onPage: (pageNo: number) => void; labels: PagerLabels } & ({ pageSize: number; total: number } | { hasMore: boolean });

/** Previous / next over a 1-based pageNo, with where the list stands between them. */
export function Pager(props: PagerProps) {
  const { pageNo, onPage, labels } = props;
  const pages = 'hasMore' in props ? undefined : Math.max(1, Math.ceil(props.total / props.pageSize));
  const isLast = 'hasMore' in props ? !props.hasMore : pageNo >= (pages ?? 1);
  const position = 'hasMore' in props ? String(pageNo) : labels.position(pageNo, pages ?? 1, props.total);
  return (
    <nav className="ui-pager" aria-label={labels.pages}>
      <Button size="sm" variant="outline" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {labels.previous}
      </Button>
      <span>{position}</span>
      <Button size="sm" variant="outline" disabled={isLast} onClick={() => onPage(pageNo + 1)}>
        {labels.next}
      </Button>
    </nav>
  );
}
