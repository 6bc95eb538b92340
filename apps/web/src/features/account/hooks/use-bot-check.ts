import { useCallback, useEffect, useRef, useState } from 'react';
import { expectedAttempts, solveChallenge } from '@app/contracts';
import { fetchBotChallenge } from '../api/registration.api.ts';

export interface BotProof {
  challenge: string;
  nonce: string;
}

interface Attempt {
  controller: AbortController;
  promise: Promise<BotProof & { expiresAt: number }>;
}

export interface BotCheck {
  /** 'solving' while a proof is being computed; the form shows progress only if it waits for it. */
  status: 'solving' | 'ready' | 'failed';
  /** 0–1, an estimate: the search has no known end, so it stays below 1 until done. */
  progress: number;
  /** The current proof, waiting for it if needed; a failed or stale one is replaced first. */
  take: () => Promise<BotProof>;
  /** Fetch and solve a fresh challenge (each one is single use). */
  renew: () => void;
}

/** Renew a solved challenge this long before it expires rather than send a stale one. */
const EXPIRY_MARGIN_MS = 10_000;

/**
 * The hidden bot check (proof of work): started as soon as the form opens so that it is usually
 * done before the player submits. Unmounting aborts the search.
 */
export function useBotCheck(purpose: 'register' | 'login'): BotCheck {
  const [status, setStatus] = useState<BotCheck['status']>('solving');
  const [progress, setProgress] = useState(0);
  const current = useRef<Attempt | null>(null);
  const mounted = useRef(false);

  /** Starts a search; the state already reads 'solving' at 0 (initially, or set by renew). */
  const start = useCallback(() => {
    current.current?.controller.abort();
    const controller = new AbortController();
    const { signal } = controller;
    const promise = (async () => {
      const issued = await fetchBotChallenge(purpose, signal);
      const expected = expectedAttempts(issued.difficultyBits);
      const nonce = await solveChallenge(issued.challenge, issued.difficultyBits, {
        signal,
        // Chance that a search of this length has already succeeded: an honest, monotonic estimate.
        onProgress: (tried) => setProgress(Math.min(0.95, 1 - Math.exp(-tried / expected))),
      });
      return { challenge: issued.challenge, nonce, expiresAt: Date.parse(issued.expiresAt) };
    })();
    promise.then(
      () => {
        if (!signal.aborted) {
          setStatus('ready');
          setProgress(1);
        }
      },
      () => {
        if (!signal.aborted) setStatus('failed');
      },
    );
    current.current = { controller, promise };
  }, [purpose]);

  const renew = useCallback(() => {
    setStatus('solving');
    setProgress(0);
    start();
  }, [start]);

  useEffect(() => {
    mounted.current = true;
    start();
    return () => {
      mounted.current = false;
      current.current?.controller.abort();
    };
  }, [start]);

  const take = useCallback(async (): Promise<BotProof> => {
    let failures = 0;
    for (;;) {
      if (!mounted.current) throw new DOMException('The form was closed', 'AbortError');
      if (!current.current) renew();
      const attempt = current.current;
      if (!attempt) throw new Error('bot check unavailable');
      try {
        const proof = await attempt.promise;
        if (proof.expiresAt - Date.now() > EXPIRY_MARGIN_MS || failures > 0) return { challenge: proof.challenge, nonce: proof.nonce };
      } catch (error) {
        // Renewed while we waited: wait for the replacement instead.
        if (current.current !== attempt) continue;
        if (failures > 0) throw error;
      }
      failures += 1;
      if (current.current === attempt) renew();
    }
  }, [renew]);

  return { status, progress, take, renew };
}
