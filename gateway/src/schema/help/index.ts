import { HELP_HOME_PATH, type StaticContentCode } from '@portal/domain';
import type { LoaderKit } from '../../loaders/kit.ts';
import { AS_SEEDED } from '../../loaders/reference-lists.ts';
import { nullOn404 } from '../../rest/errors.ts';
import { defineDomain, type Resolvers } from '../domain.ts';
import { toGlobalId } from '../global-id.ts';
import type { RestHelpPage, RestLegalText } from './rest.ts';

/** The graph's legal text codes, as the api names them. */
export const legalCodes = { CGU: 'cgu', MENTIONS_LEGALES: 'mentions-legales' } as const satisfies Record<
  string,
  StaticContentCode
>;
type LegalTextCode = keyof typeof legalCodes;

/** The help pages (read whole once per request: a few dozen pages) and the legal texts in force. */
function helpLoaders({ referenceList, rest }: LoaderKit) {
  return {
    /** The version in force of one legal text, for anyone (the legal notice is read before signing in). */
    legalTextInForce: (code: StaticContentCode) =>
      nullOn404(rest.get<RestLegalText>(`/api/static_contents/current/${code}`)),
    helpPages: (search?: string) =>
      referenceList<RestHelpPage>('/api/help_contents', { ...AS_SEEDED, q: search || undefined }),
    legalTexts: () => referenceList<RestLegalText>('/api/static_contents', { ...AS_SEEDED, current: 'true' }),
  };
}

declare module '../../loaders/kit.ts' {
  interface Loaders extends ReturnType<typeof helpLoaders> {}
}

const helpResolvers: Resolvers = {
  Query: {
    helpPages: (_root, { search }, context) => context.loaders.helpPages(search?.trim() ?? undefined),
    helpPage: async (_root, { path }, context) => {
      // `/aide`, `/aide/` and `/aide/guide/` all name a page: trailing and doubled slashes do not count.
      const wanted = path.split('/').filter(Boolean).join('/') || HELP_HOME_PATH;
      return (await context.loaders.helpPages()).find((page) => page.path === wanted) ?? null;
    },
    legalText: (_root, { code }, context) => context.loaders.legalTextInForce(legalCodes[code]),
  },
  HelpPage: {
    id: (page) => toGlobalId('HelpPage', page.id),
  },
  LegalText: {
    id: (text) => toGlobalId('LegalText', text.id),
    code: (text) =>
      (Object.keys(legalCodes) as LegalTextCode[]).find((code) => legalCodes[code] === text.code) ?? 'CGU',
  },
};

/** Help pages and legal texts (SPEC 7 `help_contents`, `static_contents`). */
export const helpDomain = defineDomain({
  loaders: helpLoaders,
  resolvers: [helpResolvers],
  nodes: {
    HelpPage: async (context, id) =>
      (await context.loaders.helpPages()).find((page) => page.id === id) ?? null,
    LegalText: async (context, id) =>
      (await context.loaders.legalTexts()).find((text) => text.id === id) ?? null,
  },
});
