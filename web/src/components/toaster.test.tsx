import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSystem } from '../theme/system.ts';
import { Toaster, toaster } from './toaster.tsx';

/** The toasts' live region Zag's toast machine draws. */
const region = () => document.querySelector('[data-scope="toast"][data-part="group"]');

function renderToaster() {
  return render(
    <ChakraProvider value={appSystem()}>
      <Toaster />
    </ChakraProvider>,
  );
}

describe('Toaster', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('enters once the page has painted what it drew with it, not in that same draw', async () => {
    vi.useFakeTimers();
    renderToaster();
    expect(region()).toBeNull();
    // The next frame, then the task after it.
    await act(() => vi.advanceTimersToNextFrame());
    expect(region()).toBeNull();
    await act(() => vi.runAllTimersAsync());
    expect(region()).not.toBeNull();
    expect(region()).toHaveAttribute('aria-live', 'polite');
  });

  it('enters at once with a toast created before the page painted, and shows it', async () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => {
      toaster.create({ title: 'Demande envoyée', type: 'success' });
    });
    expect(region()).not.toBeNull();
    vi.useRealTimers();
    expect(await screen.findByText('Demande envoyée')).toBeInTheDocument();
  });
});
