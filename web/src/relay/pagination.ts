import { messages } from '@portal/domain/messages';
import { toaster } from '../components/toaster.tsx';

/** Long lists are fetched this many items at a time ("Afficher plus"), whatever their length. */
export const PAGE_SIZE = 50;

/** `loadNext`'s completion: a page that failed to load leaves the list as it was and says so. */
export function reportLoadMoreFailure(error: Error | null): void {
  if (error) toaster.create({ type: 'error', title: messages.retryLater });
}
