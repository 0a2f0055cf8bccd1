import { describe, expect, it } from '@jest/globals';
import { trustProxySetting } from './trust-proxy.js';

describe('trustProxySetting', () => {
  it('trusts no proxy when unset', () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting(' ')).toBe(false);
    expect(trustProxySetting('false')).toBe(false);
  });

  it('reads a hop count, names and address lists', () => {
    expect(trustProxySetting('1')).toBe(1);
    expect(trustProxySetting('loopback')).toEqual(['loopback']);
    expect(trustProxySetting('loopback, 172.16.0.0/12 ,10.0.0.5')).toEqual(['loopback', '172.16.0.0/12', '10.0.0.5']);
  });

  it('refuses to trust every sender', () => {
    expect(() => trustProxySetting('true')).toThrow(/any client/);
  });
});
