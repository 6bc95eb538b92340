import { keepPreviousData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { memberQueryOptions } from './member-query.ts';

describe('memberQueryOptions', () => {
  it('asks only with a token and while the caller allows it, passing the abort signal on', async () => {
    const fetch = vi.fn(() => Promise.resolve('answer'));
    const options = memberQueryOptions({ token: 't', queryKey: ['x', 't'] as const, fetch });
    expect(options.enabled).toBe(true);
    expect(memberQueryOptions({ token: null, queryKey: ['x', null] as const, fetch }).enabled).toBe(false);
    expect(memberQueryOptions({ token: 't', queryKey: ['x', 't'] as const, fetch, enabled: false }).enabled).toBe(false);
    const signal = new AbortController().signal;
    const queryFn = options.queryFn as (context: { signal: AbortSignal }) => Promise<string>;
    await expect(queryFn({ signal })).resolves.toBe('answer');
    expect(fetch).toHaveBeenCalledWith(signal);
  });

  it('keeps the previous answer only for lists, and leaves the client defaults alone unless told', () => {
    const fetch = () => Promise.resolve(1);
    const plain = memberQueryOptions({ token: 't', queryKey: ['x'] as const, fetch });
    expect('placeholderData' in plain).toBe(false);
    expect('staleTime' in plain).toBe(false);
    expect('refetchOnWindowFocus' in plain).toBe(false);
    const list = memberQueryOptions({ token: 't', queryKey: ['x'] as const, fetch, keepPrevious: true, staleTime: 0, refetchOnWindowFocus: true });
    expect(list.placeholderData).toBe(keepPreviousData);
    expect(list.staleTime).toBe(0);
    expect(list.refetchOnWindowFocus).toBe(true);
  });
});
