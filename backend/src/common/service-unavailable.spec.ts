import { describe, expect, it } from '@jest/globals';
import { ConnectionException, DriverException } from '@mikro-orm/postgresql';
import pg from 'pg';
import { RedisUnavailableError } from '@serpwise/platform';
import { unavailableServiceOf } from './service-unavailable.js';

const pgError = (message: string, code: string) => Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });

describe('unavailableServiceOf', () => {
  it('names the database for a dropped, restarting or refused PostgreSQL connection, also through MikroORM', () => {
    expect(unavailableServiceOf(pgError('terminating connection due to administrator command', '57P01'))).toBe('database');
    expect(unavailableServiceOf(pgError('the database system is starting up', '57P03'))).toBe('database');
    expect(unavailableServiceOf(new Error('Connection terminated unexpectedly'))).toBe('database');
    expect(unavailableServiceOf(new Error('Client has encountered a connection error and is not queryable'))).toBe('database');
    expect(unavailableServiceOf(socketError('ECONNREFUSED'))).toBe('database');
    expect(unavailableServiceOf(new DriverException(pgError('terminating connection due to administrator command', '57P01')))).toBe('database');
    expect(unavailableServiceOf(new ConnectionException(new Error('connection lost')))).toBe('database');
  });

  it('names Redis for the rejections of a fail-fast connection', () => {
    expect(unavailableServiceOf(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe('redis');
    expect(unavailableServiceOf(new Error('Connection is closed.'))).toBe('redis');
    expect(unavailableServiceOf(new Error('Command timed out'))).toBe('redis');
    expect(unavailableServiceOf(new RedisUnavailableError('the connection is reconnecting'))).toBe('redis');
    expect(unavailableServiceOf(new Error('adding the job failed', { cause: new Error('Connection is closed.') }))).toBe('redis');
  });

  it('leaves every other error alone, including an outgoing call whose socket failed', () => {
    expect(unavailableServiceOf(pgError('duplicate key value violates unique constraint', '23505'))).toBeNull();
    expect(unavailableServiceOf(new TypeError('fetch failed', { cause: socketError('ECONNRESET') }))).toBeNull();
    expect(unavailableServiceOf(new Error('Something else'))).toBeNull();
    expect(unavailableServiceOf('a string')).toBeNull();
    expect(unavailableServiceOf(null)).toBeNull();
  });
});
