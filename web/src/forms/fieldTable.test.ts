import { establishmentFields } from '@portal/domain/sites';
import { SKIP_FIELDS, skipFields } from '@portal/domain/skips';
import { describe, expect, it } from 'vitest';
import { formValuesOf, graphInputOf, restNamesOf } from './fieldTable.ts';

describe('forms over a field table', () => {
  it('reads the form values of a graph object by kind, and empties those it lacks', () => {
    const values = formValuesOf(skipFields, SKIP_FIELDS, {
      name: 'Benne bois',
      entity: { id: 'RW50aXR5Ojc=' },
      skipType: null,
      volume: '15.000',
      packageCount: 2,
      plannedTreatmentCode: { code: 'R 3' },
      dangerous: true,
    });
    expect(values).toMatchObject({
      name: 'Benne bois',
      companySiteEntity: 'RW50aXR5Ojc=',
      skipType: null,
      volume: '15',
      packageCount: '2',
      plannedTreatmentCode: 'R 3',
      dangerous: true,
      persistentOrganicPollutants: false,
      ecoOrganisation: null,
    });
    // A text its rule requires is blank, not null, so that the rule's own message is shown.
    expect(formValuesOf(establishmentFields, ['name', 'address', 'city'], null)).toEqual({
      name: '',
      address: null,
      city: '',
    });
  });

  it('gives the graph input, references under their input names, and maps those names back', () => {
    expect(
      graphInputOf(skipFields, ['name', 'companySiteEntity', 'volume', 'dangerous'], {
        name: 'Benne',
        companySiteEntity: 'RW50aXR5Ojc=',
        volume: '15',
      }),
    ).toEqual({ name: 'Benne', entityId: 'RW50aXR5Ojc=', volume: '15', dangerous: false });
    expect(restNamesOf(skipFields)).toMatchObject({ entityId: 'companySiteEntity', skipTypeId: 'skipType' });
  });
});
