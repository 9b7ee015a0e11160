import { useMatches } from 'react-router-dom';
import { ScreenSkeleton, type SkeletonKind } from '../components/Skeletons.tsx';
import type { ScreenHandle } from './screens.ts';

/**
 * The skeleton of the screen being opened, as its route declares it (`skeleton` in the app's `routes.tsx`): the
 * deepest matched screen that declares one (a tab's, rather than its parent's); a detail's when none does.
 */
export function RouteSkeleton() {
  const matches = useMatches();
  const kind = matches.reduce<SkeletonKind | undefined>(
    (found, match) => (match.handle as ScreenHandle | undefined)?.skeleton ?? found,
    undefined,
  );
  return <ScreenSkeleton kind={kind ?? 'detail'} />;
}
