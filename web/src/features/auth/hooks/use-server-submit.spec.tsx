import { describe, expect, it, jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { useServerSubmit } from './use-server-submit';

const event = { preventDefault: () => undefined } as FormEvent;

describe('useServerSubmit', () => {
  it('sends nothing while a field is invalid', async () => {
    const send = jest.fn(async () => undefined);
    const { result } = renderHook(() => useServerSubmit({ validateAll: () => false }, send));
    await act(() => result.current.submit(event));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.sending).toBe(false);
  });

  it('keeps the button disabled after a success that leaves the page, and frees it otherwise', async () => {
    const leaving = renderHook(() => useServerSubmit({ validateAll: () => true }, async () => undefined, { leavesPage: true }));
    await act(() => leaving.result.current.submit(event));
    expect(leaving.result.current.sending).toBe(true);
    const staying = renderHook(() => useServerSubmit({ validateAll: () => true }, async () => undefined));
    await act(() => staying.result.current.submit(event));
    expect(staying.result.current.sending).toBe(false);
  });

  it("shows the server's refusal and frees the button", async () => {
    const { result } = renderHook(() =>
      useServerSubmit({ validateAll: () => true }, async () => {
        throw new Error('Nope');
      }),
    );
    await act(() => result.current.submit(event));
    expect(result.current.sending).toBe(false);
    expect(result.current.errors.length).toBe(1);
  });
});
