import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Resolver types from the graph's contract: `npm run codegen` writes them (gitignored), and every resolver map is
 * typed with them, so that a change of schema.graphql fails the type check wherever the resolvers disagree.
 * Object types resolve from what the api answers: each is mapped to the REST type (or the gateway's own value)
 * its resolvers receive, and a field without a resolver is read off it by graphql's default resolver.
 */

/** Paths are relative to the generated file. */
const rest = (type: string) => `../../rest/types.ts#${type}`;

const gateway = import.meta.dirname;
const objectTypes = new Set(
  [...readFileSync(join(gateway, '..', 'schema.graphql'), 'utf8').matchAll(/^type (\w+)/gm)].map((m) => m[1]),
);

/**
 * An object type resolves from the REST type named after it (`RestSkip` for `Skip`): the shared ones of
 * `src/rest/types.ts`, and a domain's own in its folder's `rest.ts`, so that a new domain's types need no line here.
 */
function restMappers(): Record<string, string> {
  const domains = readdirSync(join(gateway, 'src', 'schema'), { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(join(gateway, 'src', 'schema', entry.name, 'rest.ts')),
    )
    .map((entry) => [join(gateway, 'src', 'schema', entry.name, 'rest.ts'), `../${entry.name}/rest.ts`]);
  const files = [[join(gateway, 'src', 'rest', 'types.ts'), '../../rest/types.ts'], ...domains];
  return Object.fromEntries(
    files.flatMap(([file = '', path]) =>
      [...readFileSync(file, 'utf8').matchAll(/^export (?:interface|type) Rest(\w+)/gm)]
        .filter((m) => objectTypes.has(m[1] ?? ''))
        .map((m) => [m[1], `${path}#Rest${m[1]}`]),
    ),
  );
}

const config: CodegenConfig = {
  schema: 'schema.graphql',
  generates: {
    'gateway/src/schema/__generated__/resolvers.ts': {
      plugins: [
        { add: { content: "import type { Lazy } from '../domain.ts';" } },
        'typescript',
        'typescript-resolvers',
      ],
      config: {
        useTypeImports: true,
        // TypeScript enums are not erasable syntax (tsconfig): the graph's enums become unions of their values.
        enumsAsTypes: true,
        strictScalars: true,
        scalars: { Date: 'string', DateTime: 'string', EmailAddress: 'string' },
        contextType: '../../context.ts#GatewayContext',
        // A resolver is a function; the object form ({ resolve }) is not used here.
        makeResolverTypeCallable: true,
        // graphql's default resolver calls a function it finds on the parent: a payload's field may be one, so
        // that what the client did not select costs no call.
        resolverTypeWrapperSignature: 'Promise<T> | T | Lazy<T>',
        // The enums whose values the resolvers map to the domain's names (graphql-tools maps both ways).
        enumValues: {
          OperationAction: '@portal/domain#OperationActionName',
          OperationHistoryFilter: '@portal/domain#HistoryFilter',
          AuditAction: '@portal/domain#AuditAction',
          AuditTargetType: '@portal/domain#AuditTargetType',
        },
        mappers: {
          ...restMappers(),
          // Types named otherwise than their REST type, or resolved from the gateway's own values.
          Node: '../node.ts#TaggedNode',
          Admin: '../admin/resolvers.ts#AdminScope',
          Company: '../companies/resolvers.ts#CompanyRef',
          CompanySector: rest('RestReference'),
          Establishment: rest('RestSite'),
          EntityEdge: '../entities/mutations.ts#EntityEdgeValue',
          WasteCode: '../reference/wastes.ts#WasteCodeValue',
          TreatmentCode: '../reference/wastes.ts#TreatmentCodeValue',
          OperationCosts: '../operations/costs.ts#CostsOfOperation',
          MonthlyCosts: '../costs/monthly.ts#MonthlyCosts as MonthlyCostsValue',
          CostFigures: '../costs/monthly.ts#Figures',
          YearlyDashboard: '../dashboard/resolvers.ts#YearlyDashboard as YearlyDashboardValue',
          MonthlyDashboard: '../dashboard/monthly.ts#MonthlyDashboard as MonthlyDashboardValue',
          DashboardWasteDetail: '../dashboard/monthly.ts#WasteDetail',
        },
      },
    },
  },
  hooks: {
    // Codegen re-exports an enum typed from another module as a value (`export { X }`), which the type check
    // refuses under verbatimModuleSyntax: it is a type.
    beforeOneFileWrite: (_path: string, content: string) =>
      content.replace(/^export \{ (\w+) \};$/gm, 'export type { $1 };'),
  },
};

export default config;
