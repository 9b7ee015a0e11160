import DataLoader from 'dataloader';
import type { LoaderKit } from '../../loaders/kit.ts';
import { nullOn404 } from '../../rest/errors.ts';
import type { RestUser } from '../../rest/types.ts';

/** A user by id, or `me` (the caller) for bearer scripts whose user id is not known yet. */
export type UserKey = number | 'me';

export function accountLoaders({ rest }: LoaderKit) {
  const users: DataLoader<UserKey, RestUser | null, string> = new DataLoader(
    (keys) =>
      Promise.all(
        keys.map(async (key) => {
          const user = await nullOn404(rest.get<RestUser>(`/api/users/${key}`));
          if (user !== null && key === 'me') users.prime(user.id, user);
          return user;
        }),
      ),
    { cacheKeyFn: String, batch: false },
  );
  return { users };
}

// The request's `Loaders` hold this domain's (loaders/kit.ts).
declare module '../../loaders/kit.ts' {
  interface Loaders extends ReturnType<typeof accountLoaders> {}
}
