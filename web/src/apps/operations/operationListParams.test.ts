import { OPEN_OPERATION_STATUSES } from '@portal/domain/operations';
import { describe, expect, it } from 'vitest';
import { globalId } from '../../relay/globalId.ts';
import { SELECTION_PARAMS } from '../dashboard/selection.ts';
import {
  HISTORY_FILTER_PARAMS,
  operationListVariables,
  readDateParam,
  readHistoryFilter,
  readTypeFilter,
  statusesToValidate,
  writeHistoryFilter,
  writeParam,
} from './operationListParams.ts';

const producer = { ownSiteTypology: 'PRODUCER', isRetriever: false };
const retriever = { ownSiteTypology: 'RETRIEVER', isRetriever: true };
const params = (query: string) => new URLSearchParams(query);
const gerland = globalId('Establishment', 12);

describe('the history filter of the URL', () => {
  it('reads each filter from ?filtre=, anything else being all', () => {
    expect(readHistoryFilter(params('filtre=demandees'))).toBe('ASKED');
    expect(readHistoryFilter(params('filtre=acceptees'))).toBe('ACCEPTED');
    expect(readHistoryFilter(params('filtre=realisees'))).toBe('DONE');
    expect(readHistoryFilter(params('filtre=validees'))).toBe('VALIDATED');
    expect(readHistoryFilter(params('filtre=annulees'))).toBe('CANCELLED');
    expect(readHistoryFilter(params(''))).toBe('ALL');
    expect(readHistoryFilter(params('filtre='))).toBe('ALL');
    expect(readHistoryFilter(params('filtre=VALIDATED'))).toBe('ALL');
    expect(readHistoryFilter(params('filtre=inconnu'))).toBe('ALL');
  });

  it('writes it keeping the other parameters, all staying out of the URL', () => {
    expect(writeHistoryFilter(params('etablissement=12'), 'VALIDATED').toString()).toBe(
      'etablissement=12&filtre=validees',
    );
    expect(writeHistoryFilter(params('etablissement=12&filtre=validees'), 'CANCELLED').toString()).toBe(
      'etablissement=12&filtre=annulees',
    );
    expect(writeHistoryFilter(params('filtre=validees&client=50'), 'ALL').toString()).toBe('client=50');
    // The parameters given are left as they are.
    const current = params('filtre=validees');
    writeHistoryFilter(current, 'ALL');
    expect(current.toString()).toBe('filtre=validees');
  });

  it('reads back every filter it writes', () => {
    for (const filter of Object.keys(HISTORY_FILTER_PARAMS) as (keyof typeof HISTORY_FILTER_PARAMS)[]) {
      expect(readHistoryFilter(writeHistoryFilter(params('client=3'), filter))).toBe(filter);
    }
  });
});

describe('the variables of a list of operations', () => {
  it('gives the requests tab the open statuses of the selected establishment, whatever the filter', () => {
    expect(operationListVariables('requests', producer, params('etablissement=12&filtre=validees'))).toEqual({
      filter: {
        history: 'ALL',
        statuses: ['REQUESTED', 'WAITING', 'ACCEPTED_WITHOUT_SCHEDULING', 'SCHEDULED', 'COMPLETED'],
        establishmentId: gerland,
      },
      siteId: 12,
      withSite: true,
      withPrograms: true,
      wasteTypeId: globalId('ThirdLevelWaste', 0),
      withWaste: false,
    });
    expect(operationListVariables('requests', producer, params('')).filter.statuses).toEqual([
      ...OPEN_OPERATION_STATUSES,
    ]);
  });

  it('gives the history and the pick-ups the filter of the URL and no statuses', () => {
    for (const mode of ['history', 'pickups'] as const) {
      expect(operationListVariables(mode, producer, params('etablissement=12&filtre=realisees'))).toEqual({
        filter: { history: 'DONE', statuses: null, establishmentId: gerland },
        siteId: 12,
        withSite: true,
        withPrograms: false,
        wasteTypeId: globalId('ThirdLevelWaste', 0),
        withWaste: false,
      });
      expect(operationListVariables(mode, producer, params('')).filter).toEqual({
        history: 'ALL',
        statuses: null,
        establishmentId: null,
      });
    }
  });

  it('gives a producer what it validates, a provider what it accepts, schedules or completes', () => {
    expect(statusesToValidate(producer)).toEqual(['COMPLETED']);
    expect(statusesToValidate(retriever)).toEqual([
      'REQUESTED',
      'WAITING',
      'ACCEPTED_WITHOUT_SCHEDULING',
      'SCHEDULED',
    ]);
    expect(operationListVariables('toValidate', producer, params('filtre=annulees'))).toEqual({
      filter: { history: 'ALL', statuses: ['COMPLETED'], establishmentId: null },
      siteId: 0,
      withSite: false,
      withPrograms: false,
      wasteTypeId: globalId('ThirdLevelWaste', 0),
      withWaste: false,
    });
    expect(operationListVariables('toValidate', retriever, params('client=12')).filter).toEqual({
      history: 'ALL',
      statuses: ['REQUESTED', 'WAITING', 'ACCEPTED_WITHOUT_SCHEDULING', 'SCHEDULED'],
      establishmentId: gerland,
    });
  });

  it('takes a producer’s establishment from ?etablissement= and a provider’s from ?client=', () => {
    expect(SELECTION_PARAMS).toMatchObject({ establishment: 'etablissement', client: 'client' });
    const both = params('etablissement=40&client=12&chantier=3&chantierClient=9');
    expect(operationListVariables('history', producer, both)).toMatchObject({
      filter: { establishmentId: globalId('Establishment', 40) },
      siteId: 40,
      withSite: true,
    });
    expect(operationListVariables('history', retriever, both)).toMatchObject({
      filter: { establishmentId: gerland },
      siteId: 12,
      withSite: true,
    });
    // A provider's own establishment does not narrow the operations of its clients.
    expect(operationListVariables('pickups', retriever, params('etablissement=40'))).toEqual({
      filter: { history: 'ALL', statuses: null, establishmentId: null },
      siteId: 0,
      withSite: false,
      withPrograms: false,
      wasteTypeId: globalId('ThirdLevelWaste', 0),
      withWaste: false,
    });
    expect(
      operationListVariables('pickups', producer, params('client=12')).filter.establishmentId,
    ).toBeNull();
  });

  it('lists the recurring rotation programs with the requests only', () => {
    expect(operationListVariables('requests', producer, params('')).withPrograms).toBe(true);
    for (const mode of ['history', 'pickups', 'toValidate'] as const) {
      expect(operationListVariables(mode, retriever, params('client=12')).withPrograms).toBe(false);
    }
  });

  it('names no establishment for ids the graph cannot carry', () => {
    for (const query of [
      'etablissement=99999999999',
      'etablissement=all',
      'etablissement=0',
      'etablissement=',
    ]) {
      expect(operationListVariables('requests', producer, params(query))).toMatchObject({
        filter: { establishmentId: null },
        siteId: 0,
        withSite: false,
      });
    }
    expect(
      operationListVariables('requests', producer, params('etablissement=/api/company_sites/12')),
    ).toMatchObject({ siteId: 12, withSite: true });
  });

  it('filters the history by type and by a range of wished dates from the URL, and ignores what is not a date', () => {
    expect(
      operationListVariables('history', producer, params('type=retraits&du=2026-01-01&au=2026-03-31')).filter,
    ).toMatchObject({ types: ['RETIREMENT'], requestedFrom: '2026-01-01', requestedTo: '2026-03-31' });
    const ignored = operationListVariables(
      'pickups',
      producer,
      params('type=autre&du=hier&au=2026-13'),
    ).filter;
    expect(ignored).not.toHaveProperty('types');
    expect(ignored).not.toHaveProperty('requestedFrom');
    expect(ignored).not.toHaveProperty('requestedTo');
    // The requests and what waits for validation are never narrowed by them.
    expect(operationListVariables('requests', producer, params('type=rotations')).filter).not.toHaveProperty(
      'types',
    );
    expect(readTypeFilter(params('type=rotations'))).toBe('ROTATION');
    expect(writeParam(params('du=2026-01-01&etablissement=12'), 'du', '').toString()).toBe(
      'etablissement=12',
    );
    expect(readDateParam(params('au=2026-02-30x'), 'au')).toBeNull();
  });
});

describe('the dashboard’s way into the lists', () => {
  it('narrows the history and the pick-ups to real intervention dates and a waste type under one code, not the other lists', () => {
    const dashboard = params(
      'filtre=validees&realise_du=2025-03-01&realise_au=2025-03-31&dechet=7&code_dechet=15+01+10*',
    );
    expect(operationListVariables('pickups', producer, dashboard)).toMatchObject({
      filter: {
        history: 'VALIDATED',
        realisedFrom: '2025-03-01',
        realisedTo: '2025-03-31',
        thirdLevelWasteId: globalId('ThirdLevelWaste', 7),
        wasteCode: '15 01 10*',
      },
      wasteTypeId: globalId('ThirdLevelWaste', 7),
      withWaste: true,
    });
    const requests = operationListVariables('requests', producer, dashboard);
    expect(requests.filter).not.toHaveProperty('realisedFrom');
    expect(requests.filter).not.toHaveProperty('thirdLevelWasteId');
    expect(requests.filter).not.toHaveProperty('wasteCode');
    expect(requests.withWaste).toBe(false);
    // Anything that is not a date or an id is ignored.
    const wrong = operationListVariables(
      'history',
      producer,
      params('realise_du=mars&dechet=abc&code_dechet=15010'),
    );
    expect(wrong.filter).not.toHaveProperty('realisedFrom');
    expect(wrong.filter).not.toHaveProperty('wasteCode');
    expect(wrong.withWaste).toBe(false);
  });
});
