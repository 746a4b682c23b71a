import { describe, expect, it } from 'vitest';
import type { NotificationMessage } from '../../../../shared/schemas/notification';
import { addNotification, badgeText, parseSocketFrame, shouldReconnect } from './notification-list';

const note = (id: number): NotificationMessage => ({
  id,
  type: 'app_discovered',
  title: `T${id}`,
  message: 'm',
  timestamp: '2025-01-01T00:00:00.000Z',
  data: null,
});

describe('notification list', () => {
  it('shows no badge at 0, the count up to 99, then 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('keeps at most 50 entries, newest first, each once', () => {
    let list: NotificationMessage[] = [];
    for (let id = 1; id <= 60; id++) list = addNotification(list, note(id));
    expect(list).toHaveLength(50);
    expect(list[0]?.id).toBe(60);
    expect(list.at(-1)?.id).toBe(11);
    expect(addNotification(list, note(60))).toHaveLength(50);
  });

  it('ignores the connection greeting and malformed frames', () => {
    expect(parseSocketFrame(JSON.stringify({ type: 'connection' }))).toBeNull();
    expect(parseSocketFrame('not json')).toBeNull();
    expect(parseSocketFrame(JSON.stringify({ title: 'no type' }))).toBeNull();
    expect(parseSocketFrame(JSON.stringify(note(3)))).toEqual(note(3));
  });

  it('reconnects unless the socket closed normally or went away', () => {
    expect(shouldReconnect(1000)).toBe(false);
    expect(shouldReconnect(1001)).toBe(false);
    expect(shouldReconnect(1006)).toBe(true);
    expect(shouldReconnect(4401)).toBe(true);
  });
});
