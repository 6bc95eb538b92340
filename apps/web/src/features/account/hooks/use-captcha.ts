import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { captchaQueryOptions } from '../api/registration.queries.ts';
import type { CaptchaChallenge } from '../api/registration.api.ts';

/** Spec: the refresh button asks for a new image at most once per second. */
export const CAPTCHA_REFRESH_INTERVAL_MS = 1000;

export interface CaptchaState {
  challenge: CaptchaChallenge | undefined;
  loading: boolean;
  failed: boolean;
  answer: string;
  setAnswer: (answer: string) => void;
  /** The refresh button: throttled, and says whether it is cooling down. */
  refresh: () => void;
  coolingDown: boolean;
  /** After an attempt that reached the server: the image was spent, right or wrong. */
  renew: () => void;
  /** What to send, or undefined when there is no image or no answer yet. */
  value: () => { id: string; answer: string } | undefined;
}

export function useCaptcha(scope: string, enabled: boolean): CaptchaState {
  const query = useQuery(captchaQueryOptions(scope, enabled));
  const { refetch } = query;
  const [answer, setAnswer] = useState('');
  const [coolingDown, setCoolingDown] = useState(false);
  const lastRefresh = useRef(0);
  const coolTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(coolTimer.current), []);

  const renew = useCallback(() => {
    lastRefresh.current = Date.now();
    setAnswer('');
    void refetch();
  }, [refetch]);

  const refresh = useCallback(() => {
    if (Date.now() - lastRefresh.current < CAPTCHA_REFRESH_INTERVAL_MS) return;
    renew();
    setCoolingDown(true);
    window.clearTimeout(coolTimer.current);
    coolTimer.current = window.setTimeout(() => setCoolingDown(false), CAPTCHA_REFRESH_INTERVAL_MS);
  }, [renew]);

  const challenge = enabled ? query.data : undefined;
  const value = useCallback(() => {
    const trimmed = answer.trim();
    return challenge && trimmed ? { id: challenge.id, answer: trimmed } : undefined;
  }, [answer, challenge]);

  return {
    challenge,
    loading: enabled && query.isFetching,
    failed: enabled && query.isError && !query.isFetching,
    answer,
    setAnswer,
    refresh,
    coolingDown,
    renew,
    value,
  };
}
