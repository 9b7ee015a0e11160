import { messages } from '@portal/domain/messages';
import {
  TRACKDECHETS_CHECK_STATES,
  type TrackdechetsCheckState,
  trackdechetsCheckAdvice,
  trackdechetsCheckLabels,
} from '@portal/domain/trackdechets';
import { within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type EstablishmentFixture, establishmentNode, USER_ID } from '../../test/fixtures.ts';
import { operationPage, signIn } from '../../test/operationFixtures.ts';
import { gerland, provider } from '../../test/skipFixtures.ts';
import {
  findOperation,
  type MockEnvironment,
  pendingOperationNames,
  resolveOperation,
  screen,
} from '../../test/TestWrapper.tsx';

beforeAll(async () => {
  await import('../sites/EstablishmentPage.tsx');
});

/** Opens an establishment's page: one of the viewer's own, or a provider of theirs. */
async function openEstablishment(site: EstablishmentFixture, isOwn = true) {
  const view = await signIn({
    path: `/${isOwn ? 'mes-etablissements' : 'mes-prestataires'}/${site.databaseId}`,
  });
  await resolveOperation(view.environment, 'EstablishmentPageQuery', {
    Query: {
      viewer: { id: USER_ID, ownSiteTypology: 'PRODUCER' },
      establishment: establishmentNode(site, {
        isOwn,
        canEdit: isOwn,
        canAddEntity: isOwn,
        canManageDocuments: isOwn,
        administrativeDocuments: [],
        entityCount: 0,
        entities: operationPage([]),
        linkedEstablishments: operationPage([]),
      }),
    },
  });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const section = () => screen.getByRole('region', { name: 'Trackdéchets' });
const checkButton = () => within(section()).getByRole('button', { name: 'Vérifier sur Trackdéchets' });

function resolveCheck(environment: MockEnvironment, check: Record<string, unknown>) {
  return resolveOperation(environment, 'TrackdechetsCheckSectionQuery', {
    Query: {
      viewer: { id: USER_ID, trackdechets: { uiUrl: 'https://app.trackdechets.example' } },
      establishment: {
        id: establishmentNode(gerland).id,
        trackdechetsCheck: {
          siret: '73282932000074',
          state: null,
          label: null,
          advice: null,
          name: null,
          problem: null,
          ...check,
        },
      },
    },
  });
}

const checkOf = (state: TrackdechetsCheckState) => ({
  state,
  label: trackdechetsCheckLabels[state],
  advice: trackdechetsCheckAdvice[state],
  name: state === 'INVALID_SIRET' ? null : 'MARTIN INDUSTRIES',
});

describe('an establishment on Trackdéchets', () => {
  it('is checked only when the user asks, each time they ask', async () => {
    const view = await openEstablishment(gerland);
    expect(section()).toHaveTextContent('SIRET : 73282932000074');
    // Each check asks Trackdéchets: never with the page.
    expect(pendingOperationNames(view.environment)).not.toContain('TrackdechetsCheckSectionQuery');

    await view.user.click(checkButton());
    const query = await findOperation(view.environment, 'TrackdechetsCheckSectionQuery');
    expect(query.request.variables).toEqual({ databaseId: 12 });
    expect(within(section()).getByText('Vérification sur Trackdéchets…')).toBeInTheDocument();
    await resolveCheck(view.environment, checkOf('ACTIVE'));
    expect(await within(section()).findByText(trackdechetsCheckLabels.ACTIVE)).toBeInTheDocument();
    expect(section()).toHaveTextContent('MARTIN INDUSTRIES');

    await view.user.click(checkButton());
    await resolveCheck(view.environment, checkOf('INVALID_SIRET'));
    expect(await within(section()).findByText(trackdechetsCheckLabels.INVALID_SIRET)).toBeInTheDocument();
    expect(within(section()).queryByText(trackdechetsCheckLabels.ACTIVE)).not.toBeInTheDocument();
  });

  it.each(TRACKDECHETS_CHECK_STATES)('says what to do when it is %s', async (state) => {
    const view = await openEstablishment(gerland);
    await view.user.click(checkButton());
    await resolveCheck(view.environment, checkOf(state));
    expect(await within(section()).findByText(trackdechetsCheckLabels[state])).toBeInTheDocument();
    expect(section()).toHaveTextContent(trackdechetsCheckAdvice[state]);

    const create = within(section()).queryByRole('link', { name: 'Créer le compte sur Trackdéchets' });
    const link = within(section()).queryByRole('button', { name: 'Lier mon compte Trackdéchets' });
    if (state === 'ACCOUNT_NOT_CREATED') {
      expect(create).toHaveAttribute('href', 'https://app.trackdechets.example');
      expect(create).toHaveAttribute('target', '_blank');
      expect(create?.getAttribute('rel')).toContain('noopener');
    } else expect(create).not.toBeInTheDocument();
    if (state === 'NOT_ACTIVATED') expect(link).toBeInTheDocument();
    else expect(link).not.toBeInTheDocument();
  });

  it('says why Trackdéchets could not be asked', async () => {
    const view = await openEstablishment(gerland);
    await view.user.click(checkButton());
    await resolveCheck(view.environment, { problem: messages.trackdechetsUnavailable });
    expect(await within(section()).findByText(messages.trackdechetsUnavailable)).toBeInTheDocument();
    for (const state of TRACKDECHETS_CHECK_STATES) {
      expect(within(section()).queryByText(trackdechetsCheckLabels[state])).not.toBeInTheDocument();
    }
  });

  it('is not offered on a provider’s page', async () => {
    await openEstablishment(provider, false);
    expect(screen.queryByRole('region', { name: 'Trackdéchets' })).not.toBeInTheDocument();
  });
});
