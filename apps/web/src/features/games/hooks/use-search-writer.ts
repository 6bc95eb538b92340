import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address's query, and a writer that builds on the newest one. React Router renders
 * navigations in a transition, so for a moment after a click the rendered params are older than
 * the address; a search typed in that moment must build on the click's change, not undo it.
 * Writes not yet rendered are remembered until the router renders them.
 */
export function useSearchWriter(): [URLSearchParams, (change: (next: URLSearchParams) => void, replace: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const rendered = params.toString();
  const pending = useRef<string[]>([]);
  const base = useRef(rendered);

  useEffect(() => {
    const index = pending.current.indexOf(rendered);
    // One of ours arrived: drop it and older ones. Anything else (back, a link) replaces ours.
    pending.current = index >= 0 ? pending.current.slice(index + 1) : [];
    base.current = pending.current.at(-1) ?? rendered;
  }, [rendered]);

  const write = (change: (next: URLSearchParams) => void, replace: boolean) => {
    const next = new URLSearchParams(base.current);
    change(next);
    const search = next.toString();
    pending.current.push(search);
    base.current = search;
    setParams(next, { replace });
  };
  return [params, write];
}
