import { useEffect, useRef } from 'react';
import { WsServerMessageSchema, type WsServerMessage } from '@app/contracts';
import { readToken } from '../../shared/session-store.ts';

export type DeskEvent = Extract<WsServerMessage, { type: `support.${string}` }>;

/**
 * The chat screen's /ws connection: bound to the operator (`operator.auth`, the console session),
 * it receives the queue's and the operator's conversations' events. It reconnects by itself with
 * backoff; `onReconnect` re-reads whatever was missed meanwhile.
 */
export function useDeskRealtime(onEvent: (event: DeskEvent) => void, onReconnect: () => void) {
  const handlers = useRef({ onEvent, onReconnect });
  useEffect(() => {
    handlers.current = { onEvent, onReconnect };
  });
  useEffect(() => {
    let socket: WebSocket | null = null;
    let attempt = 0;
    let opened = false;
    let closed = false;
    let timer: number | undefined;
    const open = () => {
      if (closed) return;
      const ws = new WebSocket(`${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}/ws`);
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        ws.send(JSON.stringify({ type: 'operator.auth', token: readToken() }));
      };
      ws.onmessage = (event: MessageEvent) => {
        const parsed = WsServerMessageSchema.safeParse(typeof event.data === 'string' ? safeJson(event.data) : null);
        if (!parsed.success) return;
        const message = parsed.data;
        if (message.type === 'operator.auth.ok') {
          if (opened) handlers.current.onReconnect();
          opened = true;
        }
        if (message.type.startsWith('support.')) handlers.current.onEvent(message as DeskEvent);
      };
      ws.onclose = () => {
        socket = null;
        if (closed) return;
        const ceiling = Math.min(15_000, 500 * 2 ** attempt);
        attempt += 1;
        timer = window.setTimeout(open, ceiling / 2 + (Math.random() * ceiling) / 2);
      };
    };
    open();
    return () => {
      closed = true;
      window.clearTimeout(timer);
      socket?.close();
    };
  }, []);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
