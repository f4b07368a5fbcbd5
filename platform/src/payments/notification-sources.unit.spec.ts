import { describe, expect, it } from 'vitest';
import { notificationSourceCheck, SANDBOX_NOTIFICATION_SOURCES, YOOKASSA_NOTIFICATION_SOURCES } from './notification-sources';

describe('notification sources', () => {
  const yookassa = notificationSourceCheck(YOOKASSA_NOTIFICATION_SOURCES);
  it('lets YooKassa\'s documented addresses through, IPv4 (also as ::ffff:) and IPv6', () => {
    for (const address of ['185.71.76.1', '185.71.77.31', '77.75.153.127', '77.75.154.200', '77.75.156.11', '::ffff:77.75.156.35', '2a02:5180:0:1::5']) {
      expect(yookassa(address), address).toBe(true);
    }
  });
  it('refuses anyone else', () => {
    for (const address of ['185.71.76.32', '77.75.156.12', '127.0.0.1', '10.0.0.1', '2a02:5181::1', 'not-an-ip']) expect(yookassa(address), address).toBe(false);
  });
  it('lets only this machine reach the sandbox\'s endpoint', () => {
    const sandbox = notificationSourceCheck(SANDBOX_NOTIFICATION_SOURCES);
    expect([sandbox('127.0.0.1'), sandbox('::1'), sandbox('::ffff:127.0.0.1'), sandbox('192.0.2.2')]).toEqual([true, true, true, false]);
  });
});
