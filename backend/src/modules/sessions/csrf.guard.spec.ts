import { describe, expect, it } from '@jest/globals';
import { ForbiddenException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ChangesState, CsrfGuard, csrfRejection } from './csrf.guard.js';

class Routes {
  plain() {}
  @ChangesState()
  changing() {}
}

function contextFor(
  method: string,
  sent: string | undefined,
  expected: string | undefined,
  handler: () => void = Routes.prototype.plain,
  form?: { contentType: string; body: Record<string, unknown> },
): ExecutionContext {
  const request = {
    method,
    serpwiseSession: expected ? { id: 's', userId: null, csrfToken: expected } : undefined,
    get: (name: string) => (name === 'x-csrf-token' ? sent : name === 'content-type' ? form?.contentType : undefined),
    body: form?.body,
  };
  return { getType: () => 'http', getHandler: () => handler, switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
}

describe('CsrfGuard', () => {
  const guard = new CsrfGuard(new Reflector());
  const token = 'a'.repeat(64);

  it('lets reads through without a token', () => {
    expect(guard.canActivate(contextFor('GET', undefined, undefined))).toBe(true);
  });

  it('asks a GET that changes state for the token, like a POST', () => {
    expect(() => guard.canActivate(contextFor('GET', undefined, token, Routes.prototype.changing))).toThrow(new ForbiddenException(csrfRejection));
    expect(guard.canActivate(contextFor('GET', token, token, Routes.prototype.changing))).toBe(true);
  });

  it('accepts a state-changing request that echoes its session token', () => {
    expect(guard.canActivate(contextFor('POST', token, token))).toBe(true);
  });

  it.each([
    ['no token sent', undefined, token],
    ['a wrong token', 'b'.repeat(64), token],
    ['a token of another length', 'a', token],
    ['no session at all', token, undefined],
  ])('refuses %s with the documented message', (_case, sent, expected) => {
    expect(() => guard.canActivate(contextFor('DELETE', sent, expected))).toThrow(new ForbiddenException(csrfRejection));
  });

  it('takes the token from a plain HTML form post (the logout form), and only from one', () => {
    const urlencoded = 'application/x-www-form-urlencoded; charset=UTF-8';
    expect(guard.canActivate(contextFor('POST', undefined, token, undefined, { contentType: urlencoded, body: { csrfToken: token } }))).toBe(true);
    expect(() => guard.canActivate(contextFor('POST', undefined, token, undefined, { contentType: urlencoded, body: { csrfToken: 'b'.repeat(64) } }))).toThrow(
      new ForbiddenException(csrfRejection),
    );
    expect(() => guard.canActivate(contextFor('POST', undefined, token, undefined, { contentType: 'application/json', body: { csrfToken: token } }))).toThrow(
      new ForbiddenException(csrfRejection),
    );
  });
});
