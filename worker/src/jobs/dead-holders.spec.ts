import { describe, expect, it } from '@jest/globals';
import { holderConnectionName, liveHolders, workerIdOfToken } from './dead-holders.js';

describe('dead holders: reading who holds a lock and who is still connected', () => {
  it('finds the holders of the open queue connections in CLIENT LIST, and nothing in other connections', () => {
    const list = [
      `id=3 addr=127.0.0.1:50110 laddr=127.0.0.1:6379 fd=9 name=${holderConnectionName('exports', 'web-1:41:ab12cd34')} age=12 idle=0 flags=N db=0 cmd=evalsha`,
      `id=4 addr=127.0.0.1:50112 laddr=127.0.0.1:6379 fd=10 name=${holderConnectionName('holders', 'web-2:77:0f0f0f0f')} age=3 idle=1 flags=N db=0 cmd=client|list`,
      'id=5 addr=127.0.0.1:50114 laddr=127.0.0.1:6379 fd=11 name=serpwise-worker-main age=3 idle=1 flags=N db=0 cmd=ping',
      'id=6 addr=127.0.0.1:50116 laddr=127.0.0.1:6379 fd=12 name= age=3 idle=1 flags=N db=0 cmd=get',
    ].join('\n');
    expect(liveHolders(list)).toEqual(new Set(['web-1:41:ab12cd34', 'web-2:77:0f0f0f0f']));
  });

  it('reads the worker id out of a BullMQ lock token, and refuses a token of another shape', () => {
    expect(workerIdOfToken('3f2a6c1e-8d7b-4c55-9a1e-0e6b5b8f9c11:17')).toBe('3f2a6c1e-8d7b-4c55-9a1e-0e6b5b8f9c11');
    expect(workerIdOfToken('dead-token')).toBeNull();
  });
});
