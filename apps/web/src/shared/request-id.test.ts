import { describe, expect, it } from 'vitest';
import { newRequestId } from './request-id.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRequestId', () => {
  it('makes v4 UUIDs', () => {
    expect(newRequestId()).toMatch(UUID_V4);
  });

  it('still makes distinct v4 UUIDs where randomUUID is missing (plain HTTP)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true, writable: true });
    try {
      const ids = new Set(Array.from({ length: 20 }, newRequestId));
      expect(ids.size).toBe(20);
      for (const id of ids) expect(id).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true, writable: true });
    }
  });
});
