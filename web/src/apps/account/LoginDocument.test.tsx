import { describe, expect, it, vi } from 'vitest';
import { markStartedInPlace } from '../../routing/documentStart.ts';
import { renderRoute, screen } from '../../test/TestWrapper.tsx';
import { isAppServedAtLoginAddress } from './LoginDocument.tsx';

describe('the login page from the app', () => {
  it("activates the service worker's successor when an earlier one served the app at the login page's address", async () => {
    const successor = { postMessage: vi.fn() };
    const registration = { update: vi.fn(async () => {}), waiting: successor, installing: null };
    const addEventListener = vi.fn();
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { getRegistration: vi.fn(async () => registration), addEventListener },
    });
    // This document was loaded at the login page's address.
    vi.spyOn(performance, 'getEntriesByType').mockImplementation(() => [
      { name: window.location.href } as PerformanceEntry,
    ]);
    renderRoute('/customer/Login');
    expect(await screen.findByRole('status')).toHaveTextContent('Chargement…');
    await vi.waitFor(() => expect(successor.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }));
    expect(registration.update).toHaveBeenCalled();
    expect(addEventListener).toHaveBeenCalledWith('controllerchange', expect.any(Function), { once: true });
  });

  it("loads the login page where the app was started in that page's document, at the address it was loaded at", () => {
    vi.spyOn(performance, 'getEntriesByType').mockImplementation(() => [
      { name: window.location.href } as PerformanceEntry,
    ]);
    expect(isAppServedAtLoginAddress()).toBe(true);
    markStartedInPlace();
    expect(isAppServedAtLoginAddress()).toBe(false);
  });
});
