import nock from 'nock';
import { expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { collection, JSON_LD, TREATMENT_CODES } from './fixtures.ts';
import { API, graphql, useTestGateway } from './helpers.ts';
import { operationItem, outletItem } from './operations-fixtures.ts';

/** The qualification of an outlet: the one stored, else its code's only one, from the official list. */

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };

const gateway = useTestGateway();

it('answers the stored qualification, else the only one of the code, and the choices of each code', async () => {
  const operation = operationItem(5, {
    finalOutlets: [
      outletItem(5, 1, { treatmentCode: 'R 3', qualification: 'AUTRES_VALORISATIONS' }),
      outletItem(5, 2, { treatmentCode: 'R 1', qualification: null }),
      outletItem(5, 3, { treatmentCode: 'R 13', qualification: null }),
    ],
  });
  const scope = nock(API)
    .get('/api/operations')
    .query({ 'id[]': '5', pagination: 'false' })
    .reply(200, collection('operations', [operation]), JSON_LD)
    .get('/api/operation_treatment_codes')
    .query(true)
    .reply(200, collection('operation_treatment_codes', TREATMENT_CODES), JSON_LD);
  const { body } = await graphql(
    gateway,
    `{ operation(databaseId: 5) { finalOutlets { qualification qualificationLabel
        treatmentCode { code qualifications { value label } } } } }`,
    {},
    { cookies },
  );
  expect(body.errors).toBeUndefined();
  expect(body.data.operation.finalOutlets).toEqual([
    {
      qualification: 'AUTRES_VALORISATIONS',
      qualificationLabel: 'Autres valorisations',
      treatmentCode: {
        code: 'R 3',
        qualifications: [
          { value: 'RECYCLAGE', label: 'Recyclage' },
          { value: 'AUTRES_VALORISATIONS', label: 'Autres valorisations' },
        ],
      },
    },
    {
      qualification: 'VALORISATION_ENERGETIQUE',
      qualificationLabel: 'Valorisation énergétique',
      treatmentCode: {
        code: 'R 1',
        qualifications: [{ value: 'VALORISATION_ENERGETIQUE', label: 'Valorisation énergétique' }],
      },
    },
    { qualification: null, qualificationLabel: null, treatmentCode: { code: 'R 13', qualifications: [] } },
  ]);
  // The official list is read once for the whole answer.
  expect(scope.isDone()).toBe(true);
});
