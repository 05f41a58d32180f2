import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DeferredPart } from './deferred-part';

/** Lets the idle callback (a zero timeout in jsdom) and the effects after it run. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

describe('DeferredPart', () => {
  it("fetches a closed part's code only after the person's first input, and draws the part when it opens", async () => {
    const preload = vi.fn(() => Promise.resolve());
    const { rerender } = render(
      <DeferredPart open={false} preload={preload}>
        <p>drawer</p>
      </DeferredPart>,
    );
    // Idle, but nobody has touched the page yet: the first screen is all the phone works on.
    await settle();
    await settle();
    expect(preload).not.toHaveBeenCalled();
    expect(screen.queryByText('drawer')).toBeNull();

    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(preload).toHaveBeenCalledTimes(1));

    rerender(
      <DeferredPart open preload={preload}>
        <p>drawer</p>
      </DeferredPart>,
    );
    expect(screen.getByText('drawer')).toBeTruthy();
  });
});
