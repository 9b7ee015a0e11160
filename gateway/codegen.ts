import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Resolver types from the graph's contract: `npm run codegen` writes them (gitignored), and every resolver map is
 * typed with them, so that a change of schema.graphql fails the type check wherever the resolvers disagree.
 * Object types resolve from what the api answers: each is mapped to the REST type (or the gateway's own value)
 * its resolvers receive, and a field without a resolver is read off it by graphql's default resolver.
 */

/** Paths are relative to the generated file. */
const rest = (type: string) => `../../rest/types.ts#${type}`;

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
        },
        mappers: {
          Node: '../node.ts#TaggedNode',
          User: rest('RestUser'),
          Company: '../companies/resolvers.ts#CompanyRef',
          CompanySector: rest('RestReference'),
          State: rest('RestState'),
          Establishment: rest('RestSite'),
          Entity: rest('RestEntity'),
          EntityEdge: '../entities/mutations.ts#EntityEdgeValue',
          FirstLevelWaste: rest('RestFirstLevelWaste'),
          SecondLevelWaste: rest('RestSecondLevelWaste'),
          ThirdLevelWaste: rest('RestThirdLevelWaste'),
          WasteCode: '../reference/wastes.ts#WasteCodeValue',
          TreatmentCode: '../reference/wastes.ts#TreatmentCodeValue',
          SkipType: rest('RestSkipType'),
          Skip: rest('RestSkip'),
          SkipDelivery: rest('RestSkipDelivery'),
          SkipDeliveryProgram: rest('RestSkipDeliveryProgram'),
          Operation: rest('RestOperation'),
          FinalOutlet: rest('RestFinalOutlet'),
          OperationCosts: '../operations/costs.ts#CostsOfOperation',
          Incident: rest('RestIncident'),
          IncidentPhoto: rest('RestIncidentPhoto'),
          RotationProgram: rest('RestRotationProgram'),
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
