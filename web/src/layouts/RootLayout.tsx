import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { OfflineBanner } from '../components/OfflineState.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';

export function RootLayout() {
  return (
    <>
      <OfflineBanner />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
