import { idFromIri, messages } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { isRestError } from '../../rest/errors.ts';
import type { Resolvers } from '../domain.ts';
import { toGlobalId } from '../global-id.ts';

/**
 * A Company of the graph is a reference: its id comes from an IRI, its name is loaded only when asked
 * (through the request's company loader, so a whole screen of companies costs one call).
 */
export interface CompanyRef {
  companyId: number;
}

export function companyRef(iri: string | number | null | undefined): CompanyRef | null {
  const companyId = idFromIri(iri);
  return companyId === null ? null : { companyId };
}

/** The company's name, or 'Société {id}' when it cannot be loaded (SPEC 8: the failure is logged). */
export async function companyName(context: GatewayContext, companyId: number): Promise<string> {
  try {
    const company = await context.loaders.companies.load(companyId);
    if (company?.name) return company.name;
    context.logger.warn('company name unavailable', {
      companyId,
      reason: 'not visible',
      requestId: context.requestId,
    });
  } catch (error) {
    // An expired session must still send the user to the login page.
    if (isRestError(error, 401)) throw error;
    context.logger.warn('company name unavailable', {
      companyId,
      error: String(error),
      requestId: context.requestId,
    });
  }
  return messages.companyFallbackName(companyId);
}

export const companyResolvers: Resolvers = {
  Company: {
    id: (company) => toGlobalId('Company', company.companyId),
    databaseId: (company) => company.companyId,
    name: (company, _args, context) => companyName(context, company.companyId),
    siret: async (company, _args, context) =>
      (await context.loaders.companies.load(company.companyId))?.siret ?? null,
    /** From the whole list of NAF sections (21 rows, one call shared by every company of the request). */
    sector: async (company, _args, context) => {
      const sectorId = idFromIri((await context.loaders.companies.load(company.companyId))?.companySector);
      if (sectorId === null) return null;
      return (await context.loaders.companySectors()).find((sector) => sector.id === sectorId) ?? null;
    },
  },
};
