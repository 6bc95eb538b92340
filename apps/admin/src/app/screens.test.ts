import { describe, expect, it } from 'vitest';
import { CONSOLE_PATHS } from '@app/contracts';
import { SCREENS } from './screens.ts';

describe('console screens', () => {
  it('are exactly the shared CONSOLE_PATHS, which the server answers with 200 (any other /admin/ page 404)', () => {
    expect(SCREENS.map((screen) => screen.path).sort()).toEqual([...CONSOLE_PATHS].sort());
  });
});
