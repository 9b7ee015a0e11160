import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RelayEnvironmentProvider } from 'react-relay';
import type { IEnvironment } from 'relay-runtime';
import { Toaster } from './components/toaster.tsx';
import { i18n } from './i18n/index.ts';
import { appSystem } from './theme/system.ts';

/** Everything a screen needs around it; the app and the tests both render through this. */
export function AppProviders({ environment, children }: { environment: IEnvironment; children: ReactNode }) {
  return (
    <RelayEnvironmentProvider environment={environment}>
      <I18nextProvider i18n={i18n}>
        <ChakraProvider value={appSystem()}>
          {children}
          <Toaster />
        </ChakraProvider>
      </I18nextProvider>
    </RelayEnvironmentProvider>
  );
}
