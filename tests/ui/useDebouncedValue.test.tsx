import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS, useDebouncedValue } from '../../src/admin/lists/useDebouncedValue';

afterEach(() => {
  vi.useRealTimers();
});

describe('useDebouncedValue', () => {
  it('gives the new value only once it has stayed the same for the search delay', async () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value), {
      initialProps: { value: '' },
    });
    rerender({ value: 'ma' });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 50));
    rerender({ value: 'mar' });
    // Each key starts the wait again.
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 50));
    expect(result.current).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(result.current).toBe('mar');
  });

  it('waits the delay it is given', async () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 1_000), {
      initialProps: { value: 1 },
    });
    rerender({ value: 2 });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(result.current).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(2);
  });
});
