import { useEffect, useRef, useState } from 'react';
import { SOCKET_RECONNECT_MS } from '@shared/constants';
import type { NotificationMessage } from '@shared/schemas/notification';
import { parseSocketFrame, shouldReconnect } from '../lib/notification-list';

export type SocketState = 'connecting' | 'connected' | 'disconnected';

/** `/ws` on the same host, wss on https (spec §7). */
function socketUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;
}

/**
 * Keeps the admin notification socket open (spec §4): connecting → connected → disconnected, and a
 * reconnect after 5 s unless the close was normal (1000) or going away (1001). Socket failures are
 * only logged (spec §8).
 */
export function useNotificationSocket(onNotification: (notification: NotificationMessage) => void): SocketState {
  const [state, setState] = useState<SocketState>('connecting');
  const handler = useRef(onNotification);
  useEffect(() => {
    handler.current = onNotification;
  }, [onNotification]);

  useEffect(() => {
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let disposed = false;

    const connect = () => {
      setState('connecting');
      try {
        socket = new WebSocket(socketUrl());
      } catch (error) {
        console.error('Notification socket could not open', error);
        setState('disconnected');
        timer = setTimeout(connect, SOCKET_RECONNECT_MS);
        return;
      }
      socket.onopen = () => setState('connected');
      socket.onmessage = (event: MessageEvent) => {
        const notification = parseSocketFrame(event.data);
        if (notification) handler.current(notification);
      };
      socket.onerror = (event) => console.error('Notification socket error', event);
      socket.onclose = (event) => {
        socket = null;
        if (disposed) return;
        setState('disconnected');
        if (shouldReconnect(event.code)) timer = setTimeout(connect, SOCKET_RECONNECT_MS);
      };
    };
    connect();

    return () => {
      disposed = true;
      clearTimeout(timer);
      socket?.close(1000, 'Leaving the admin area');
    };
  }, []);

  return state;
}
