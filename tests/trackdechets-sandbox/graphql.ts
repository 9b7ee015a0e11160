/**
 * The subset of the platform's GraphQL API the portal uses, with its names, its errors and its limits (Apollo
 * Server: 5 operations a request, by batching or by merging, and graphql-depth-limit at 10).
 */
import {
  buildSchema,
  type DocumentNode,
  type ExecutionResult,
  execute,
  type FragmentDefinitionNode,
  GraphQLError,
  getOperationAST,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  specifiedRules,
  type ValidationContext,
  type ValidationRule,
  validate,
} from 'graphql';
import {
  COMPANY_TYPES,
  FORM_ROLES,
  FORM_STATUSES,
  type Form,
  isSiret,
  type StatusLog,
  type Store,
  type User,
} from './store.ts';

export const MAX_OPERATIONS = 5;
export const MAX_DEPTH = 10;
const FORMS_DEFAULT_PAGE = 50;
const FORMS_MAX_PAGE = 100;
const LIFE_CYCLE_PAGE = 100;

const schema = buildSchema(`
type Query {
  me: User!
  companyInfos(siret: String!): CompanyPublic!
  forms(siret: String, status: [FormStatus!], roles: [FormRole!], updatedAfter: String, first: Int, cursorAfter: ID, skip: Int): [Form!]!
  formsLifeCycle(siret: String, loggedBefore: String, loggedAfter: String, cursorAfter: String, formId: ID): formsLifeCycleData!
}
type User { id: ID! email: String! name: String companies: [CompanyPrivate!]! }
type CompanyPrivate { id: ID! siret: String name: String companyTypes: [CompanyType!]! }
type CompanyPublic { siret: String name: String address: String isRegistered: Boolean companyTypes: [CompanyType!]! etatAdministratif: String }
enum CompanyType { ${COMPANY_TYPES.join(' ')} }
enum FormRole { ${FORM_ROLES.join(' ')} }
enum FormStatus { ${FORM_STATUSES.join(' ')} }
type Form { id: ID! readableId: String! status: FormStatus! emitter: Emitter transporter: Transporter recipient: Recipient wasteDetails: WasteDetails quantityReceived: Float createdAt: DateTime updatedAt: DateTime }
type Emitter { company: FormCompany }
type Transporter { company: FormCompany }
type Recipient { company: FormCompany processingOperation: String }
type FormCompany { name: String siret: String address: String }
type WasteDetails { code: String name: String quantity: Float }
type formsLifeCycleData { statusLogs: [StatusLog!]! hasNextPage: Boolean hasPreviousPage: Boolean startCursor: ID endCursor: ID count: Int }
type StatusLog { id: ID! status: FormStatus loggedAt: DateTime updatedFields: JSON form: StatusLogForm user: StatusLogUser }
type StatusLogForm { id: ID! readableId: String! }
type StatusLogUser { id: ID! email: String! }
scalar DateTime
scalar JSON
`);

// ---- errors, with the platform's codes and messages

function userInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}
function forbidden(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'FORBIDDEN' } });
}

interface Context {
  store: Store;
  user: User | null;
}

function checkIsAuthenticated(context: Context): User {
  if (context.user === null) {
    throw new GraphQLError("Vous n'êtes pas connecté.", { extensions: { code: 'UNAUTHENTICATED' } });
  }
  return context.user;
}

function dateArg(value: string | null | undefined, field: string): Date | null {
  if (value === null || value === undefined) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw userInput(`Le format de date du champ ${field} est invalide.`);
  return date;
}

// ---- pagination as the platform's (Prisma cursors): the cursor row is found by id among all rows, and the
// page holds the rows that come after it in the order, filters applied; an unknown cursor gives an empty page.

interface PageArgs {
  first?: number | null;
  after?: string | null;
  skip?: number | null;
}

function paginate<T extends { id: string }>(
  rows: T[],
  all: readonly T[],
  order: (a: T, b: T) => number,
  { first, after, skip }: PageArgs,
  defaultBy: number,
  maxBy: number,
): { page: T[]; hasNextPage: boolean } {
  if (first !== null && first !== undefined) {
    if (first <= 0) throw userInput('`first` doit être positif');
    if (first > maxBy) throw userInput(`\`first\` doit être inférieur à ${maxBy}`);
  }
  if (skip && after) {
    throw userInput(
      '`skip` (pagination par offset) ne peut pas être utilisé en conjonction avec `after` ou `before` (pagination par curseur)',
    );
  }
  if (skip && skip < 0) throw userInput('Le paramètre `skip` doit être positif');
  let ordered = [...rows].sort(order);
  if (after) {
    const cursor = all.find((row) => row.id === after);
    ordered = cursor === undefined ? [] : ordered.filter((row) => order(row, cursor) > 0);
  }
  const take = first || defaultBy;
  const offset = skip || 0;
  return { page: ordered.slice(offset, offset + take), hasNextPage: ordered.length > offset + take };
}

// ---- shapes of the answers

function formRoles(form: Form, siret: string): Set<string> {
  const roles = new Set<string>();
  if (form.emitter.siret === siret) roles.add('EMITTER');
  if (form.transporter?.siret === siret) roles.add('TRANSPORTER');
  if (form.recipient?.siret === siret) roles.add('RECIPIENT');
  return roles;
}

function formCompany(party: { siret: string | null; name: string; address: string | null }) {
  return { name: party.name, siret: party.siret, address: party.address };
}

function formAnswer(form: Form) {
  return {
    id: form.id,
    readableId: form.readableId,
    status: form.status,
    emitter: { company: formCompany(form.emitter) },
    transporter: form.transporter === null ? null : { company: formCompany(form.transporter) },
    recipient:
      form.recipient === null
        ? null
        : { company: formCompany(form.recipient), processingOperation: form.recipient.processingOperation },
    wasteDetails: { code: form.wasteCode, name: form.wasteName, quantity: form.quantity },
    quantityReceived: form.quantityReceived,
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
  };
}

function statusLogAnswer(store: Store, log: StatusLog) {
  const form = store.forms.find((f) => f.id === log.formId)!;
  const user = log.userId === null ? undefined : [...store.users.values()].find((u) => u.id === log.userId);
  return {
    id: log.id,
    status: log.status,
    loggedAt: log.loggedAt.toISOString(),
    updatedFields: log.updatedFields,
    form: { id: form.id, readableId: form.readableId },
    user: user === undefined ? null : { id: user.id, email: user.email },
  };
}

// ---- resolvers

/** Newest slip first, as the platform (`orderBy: { rowNumber: "desc" }`). */
const formOrder = (a: Form, b: Form) => b.rowNumber - a.rowNumber;
/** Latest log first, as the platform (`orderBy: { loggedAt: "desc" }`); the id breaks ties. */
const logOrder = (a: StatusLog, b: StatusLog) =>
  b.loggedAt.getTime() - a.loggedAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const rootValue = {
  me(_args: unknown, context: Context) {
    const user = checkIsAuthenticated(context);
    const { store } = context;
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      companies: user.sirets.flatMap((siret) => {
        const company = store.companies.get(siret);
        return company === undefined
          ? []
          : [
              {
                id: company.id,
                siret: company.siret,
                name: company.name,
                companyTypes: company.companyTypes,
              },
            ];
      }),
    };
  },

  /** Public: no token needed. */
  companyInfos({ siret }: { siret: string }, { store }: Context) {
    if (!isSiret(siret)) {
      throw userInput(
        'Il est obligatoire de rechercher soit avec un SIRET de 14 caractères soit avec un numéro de TVA intracommunautaire valide',
      );
    }
    const company = store.companies.get(siret);
    return {
      siret,
      // The platform reads names and addresses in the national company directory (Sirene).
      name: company?.name ?? `Établissement ${siret}`,
      address: company?.address ?? null,
      isRegistered: company !== undefined,
      companyTypes: company?.companyTypes ?? [],
      etatAdministratif: 'A',
    };
  },

  forms(
    args: {
      siret?: string | null;
      status?: string[] | null;
      roles?: string[] | null;
      updatedAfter?: string | null;
      first?: number | null;
      cursorAfter?: string | null;
      skip?: number | null;
    },
    context: Context,
  ) {
    const user = checkIsAuthenticated(context);
    const { store } = context;
    let siret: string;
    if (args.siret) {
      if (!store.companies.has(args.siret))
        throw userInput("Cet établissement n'existe pas dans Trackdéchets");
      if (!user.sirets.includes(args.siret)) {
        throw forbidden(
          `Vous n'avez pas la permission de lister les bordereaux de l'établissement ${args.siret}`,
        );
      }
      siret = args.siret;
    } else {
      if (user.sirets.length === 0) return [];
      if (user.sirets.length > 1) throw userInput("Le siret de l'entreprise concernée est requis.");
      siret = user.sirets[0]!;
    }
    const updatedAfter = dateArg(args.updatedAfter, 'updatedAfter');
    const rows = store.forms.filter((form) => {
      const roles = formRoles(form, siret);
      if (roles.size === 0) return false;
      if (args.roles?.length && !args.roles.some((role) => roles.has(role))) return false;
      if (args.status?.length && !args.status.includes(form.status)) return false;
      // `gte`, as the platform: a slip updated at that very instant comes again.
      return updatedAfter === null || form.updatedAt.getTime() >= updatedAfter.getTime();
    });
    const pageArgs = { first: args.first, after: args.cursorAfter, skip: args.skip };
    const { page } = paginate(rows, store.forms, formOrder, pageArgs, FORMS_DEFAULT_PAGE, FORMS_MAX_PAGE);
    return page.map(formAnswer);
  },

  formsLifeCycle(
    args: {
      siret?: string | null;
      loggedBefore?: string | null;
      loggedAfter?: string | null;
      cursorAfter?: string | null;
      formId?: string | null;
    },
    context: Context,
  ) {
    const user = checkIsAuthenticated(context);
    const { store } = context;
    if (user.sirets.length === 0) {
      throw forbidden("Vous n'êtes pas autorisé à consulter le cycle de vie des bordereaux.");
    }
    if (user.sirets.length > 1 && !args.siret) {
      throw new GraphQLError('Vous devez préciser pour quel siret vous souhaitez consulter', {
        extensions: { code: 'BAD_USER_INPUT', invalidArgs: ['siret'] },
      });
    }
    if (args.siret && !user.sirets.includes(args.siret)) {
      throw forbidden("Vous n'avez pas le droit d'accéder au siret précisé");
    }
    const siret = args.siret || user.sirets[0]!;
    const after = dateArg(args.loggedAfter, 'loggedAfter');
    const before = dateArg(args.loggedBefore, 'loggedBefore');
    const forms = new Map(
      store.forms
        .filter((form) => formRoles(form, siret).size > 0 && (!args.formId || form.id === args.formId))
        .map((form) => [form.id, form]),
    );
    const rows = store.statusLogs.filter(
      (log) =>
        forms.has(log.formId) &&
        (after === null || log.loggedAt >= after) &&
        (before === null || log.loggedAt <= before),
    );
    const pageArgs = { after: args.cursorAfter };
    const { page, hasNextPage } = paginate(rows, store.statusLogs, logOrder, pageArgs, LIFE_CYCLE_PAGE, 500);
    return {
      statusLogs: page.map((log) => statusLogAnswer(store, log)),
      count: rows.length,
      hasNextPage,
      hasPreviousPage: !!args.cursorAfter,
      startCursor: page[0]?.id ?? null,
      endCursor: page.at(-1)?.id ?? null,
    };
  },
};

// ---- limits

/**
 * graphql-depth-limit's rule, as the platform uses it: the root fields are at depth 0, introspection fields are
 * not counted, fragments are followed; an operation with a field deeper than `max` is refused.
 */
export function depthLimit(max: number): ValidationRule {
  return (context: ValidationContext) => {
    const document = context.getDocument();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const depthOf = (selections: SelectionSetNode, depth: number, seen: ReadonlySet<string>): number => {
      let deepest = depth;
      for (const selection of selections.selections) {
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value.startsWith('__')) continue;
          deepest = Math.max(
            deepest,
            selection.selectionSet ? depthOf(selection.selectionSet, depth + 1, seen) : depth,
          );
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(selection.selectionSet, depth, seen));
        } else {
          const fragment = fragments.get(selection.name.value);
          if (fragment === undefined || seen.has(fragment.name.value)) continue; // reported by the standard rules
          deepest = Math.max(
            deepest,
            depthOf(fragment.selectionSet, depth, new Set([...seen, fragment.name.value])),
          );
        }
        if (deepest > max) return deepest;
      }
      return deepest;
    };
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      if (depthOf(definition.selectionSet, 0, new Set()) > max) {
        const name = definition.name?.value ?? '';
        context.reportError(
          new GraphQLError(`'${name}' exceeds maximum operation depth of ${max}`, { nodes: definition }),
        );
      }
    }
    return {};
  };
}

/** The platform refuses a document whose operations select more than 5 root fields in all ("query merging"). */
function mergedOperations(document: DocumentNode): number {
  return document.definitions
    .filter(
      (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
    )
    .reduce((count, definition) => count + definition.selectionSet.selections.length, 0);
}

// ---- one operation, as Apollo Server 4 answers it

export interface GraphQLAnswer {
  status: number;
  body: unknown;
}

interface FormattedError {
  message: string;
  extensions?: Record<string, unknown>;
}

function formatError(error: GraphQLError, defaultCode = 'INTERNAL_SERVER_ERROR'): FormattedError {
  const json = error.toJSON() as FormattedError;
  return { ...json, extensions: { ...json.extensions, code: json.extensions?.code ?? defaultCode } };
}

function failure(status: number, code: string, errors: readonly GraphQLError[]): GraphQLAnswer {
  return { status, body: { errors: errors.map((error) => formatError(error, code)) } };
}

export function runOperation(store: Store, user: User | null, request: unknown): GraphQLAnswer {
  const { query, variables, operationName } = (request ?? {}) as Record<string, unknown>;
  if (typeof query !== 'string' || query === '') {
    const message = 'GraphQL operations must contain a non-empty `query` or a `persistedQuery` extension.';
    return failure(400, 'BAD_REQUEST', [new GraphQLError(message)]);
  }
  if (
    variables !== undefined &&
    variables !== null &&
    (typeof variables !== 'object' || Array.isArray(variables))
  ) {
    return failure(400, 'BAD_REQUEST', [new GraphQLError('`variables` in a POST body should be an object.')]);
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return failure(400, 'BAD_REQUEST', [
      new GraphQLError('`operationName` in a POST body should be a string.'),
    ]);
  }
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return failure(400, 'GRAPHQL_PARSE_FAILED', [error as GraphQLError]);
  }
  const invalid = validate(schema, document, [...specifiedRules, depthLimit(MAX_DEPTH)]);
  if (invalid.length > 0) return failure(400, 'GRAPHQL_VALIDATION_FAILED', invalid);
  const name = typeof operationName === 'string' ? operationName : null;
  if (getOperationAST(document, name) === null) {
    const message =
      name === null
        ? 'Must provide operation name if query contains multiple operations.'
        : `Unknown operation named "${name}".`;
    return failure(400, 'OPERATION_RESOLUTION_FAILURE', [new GraphQLError(message)]);
  }
  if (mergedOperations(document) > MAX_OPERATIONS) {
    const message = `Batching by query merging is limited to ${MAX_OPERATIONS} operations per query.`;
    return failure(400, 'GRAPHQL_MAX_OPERATIONS_ERROR', [new GraphQLError(message)]);
  }
  const result = execute({
    schema,
    document,
    rootValue,
    contextValue: { store, user } satisfies Context,
    variableValues: (variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: name,
  }) as ExecutionResult; // every resolver here is synchronous
  // No `data` at all: the variables could not be coerced.
  if (!('data' in result)) return failure(400, 'BAD_USER_INPUT', result.errors ?? []);
  const body: Record<string, unknown> = {};
  if (result.errors?.length) body.errors = result.errors.map((error) => formatError(error));
  body.data = result.data;
  return { status: 200, body };
}
