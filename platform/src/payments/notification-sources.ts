import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Where YooKassa sends its notifications from (its documentation; docs/booking.md#payments). */
export const YOOKASSA_NOTIFICATION_SOURCES = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.154.128/25',
  '77.75.156.11',
  '77.75.156.35',
  '2a02:5180::/32',
] as const;

/** The sandbox runs on this machine. */
export const SANDBOX_NOTIFICATION_SOURCES = ['127.0.0.0/8', '::1'] as const;

/**
 * Whether an address may deliver payment notifications. The body is never trusted (the payment is
 * re-fetched from the provider); this only keeps strangers from making us call the provider.
 */
export function notificationSourceCheck(sources: readonly string[]): (address: string) => boolean {
  const allowed = new BlockList();
  for (const source of sources) {
    const [address = '', bits] = source.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) allowed.addAddress(address, type);
    else allowed.addSubnet(address, Number(bits), type);
  }
  return (raw) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw)?.[1];
    const address = mapped ?? raw;
    if (isIPv4(address)) return allowed.check(address, 'ipv4');
    return isIPv6(address) && allowed.check(address, 'ipv6');
  };
}
