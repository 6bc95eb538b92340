import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createSystemRealtime } from './system-realtime.ts';

describe('system realtime', () => {
  it('refetches the boot info on the first open too, since a change made before it was pushed to nobody', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const handler = createSystemRealtime(queryClient);
    handler.onOpen?.(false);
    expect(invalidate).toHaveBeenCalledTimes(1);
    handler.onOpen?.(true);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
