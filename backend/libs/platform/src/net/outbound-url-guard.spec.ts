import { describe, expect, it } from '@jest/globals';
import { isPrivateAddress, outboundUrlProblem } from './outbound-url-guard.js';

describe('outbound URL guard', () => {
  it('tells private and local addresses from public ones, IPv4, IPv6 and IPv4-mapped', () => {
    for (const address of ['127.0.0.1', '10.0.0.5', '172.16.3.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd12::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.1.1.1', '224.0.0.1', '240.0.0.1', '255.255.255.255', '64:ff9b::a00:1', 'ff02::1', 'not an address'])
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    for (const address of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
  });

  it('refuses other schemes, bad URLs and private hosts unless allowed', async () => {
    expect(await outboundUrlProblem('ftp://8.8.8.8/x', { allowPrivate: false })).toBe('The address must start with http:// or https://.');
    expect(await outboundUrlProblem('not a url', { allowPrivate: true })).toBe('The address is not a valid URL.');
    expect(await outboundUrlProblem('http://127.0.0.1:9000/hook', { allowPrivate: false })).toContain('private network');
    expect(await outboundUrlProblem('http://[::1]/hook', { allowPrivate: false })).toContain('private network');
    // A name is judged by every address it resolves to.
    expect(await outboundUrlProblem('http://localhost/hook', { allowPrivate: false })).toContain('private network');
    expect(await outboundUrlProblem('http://[::ffff:169.254.169.254]/latest', { allowPrivate: false })).toContain('private network');
    expect(await outboundUrlProblem('http://127.0.0.1:9000/hook', { allowPrivate: true })).toBeNull();
    expect(await outboundUrlProblem('https://8.8.8.8/hook', { allowPrivate: false })).toBeNull();
  });
});
