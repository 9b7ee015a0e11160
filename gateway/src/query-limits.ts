import { ApolloArmor } from '@escape.tech/graphql-armor';
import {
  type ArgumentNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
  validate,
  valueFromASTUntyped,
} from 'graphql';
import { ErrorCode } from './errors.ts';

/**
 * What one document may ask of the graph: scripts' own documents (personal token) and the web's persisted
 * queries alike, the latter with the variables each request brings (a browser sets `first` too).
 */
export const QUERY_LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxDirectives: 50,
  /** Tokens of a document's text, enforced by the parser (scripts' documents; ours are parsed once). */
  maxTokens: 1000,
  /** Items one list argument may ask for: `first`, the entries of `ids` or of any other list. */
  maxListItems: 1000,
  /**
   * Fields resolved in all, each counted once per item of the lists around it: 1,000 rows of a connection
   * with some 40 fields each fit (a script pulling a page of operations), 20,000 nodes do not.
   */
  maxCost: 50_000,
  /** The items a list is taken to hold when no argument bounds it (a whole connection, a reference list). */
  assumedListItems: 10,
  /**
   * Records the api computes whole, in one answer per page, whose fields resolve from it without another call:
   * each counts once per item, whatever the fields asked of it, so that a script pulls a page of 1,000 register
   * lines with every field of article 2.
   */
  dataTypes: [
    'RegisterLine',
    'RegisterParty',
    'RegisterCarrier',
    'RegisterFinalTreatment',
    'Broker',
    'EcoOrganisation',
  ] as readonly string[],
} as const;

const armorRules = new ApolloArmor({
  // Fragments add no level: the depth is the fields' (relay's queries are made of fragments).
  maxDepth: { n: QUERY_LIMITS.maxDepth, flattenFragments: true },
  maxAliases: { n: QUERY_LIMITS.maxAliases },
  maxDirectives: { n: QUERY_LIMITS.maxDirectives },
  // Counted below, with the lengths of list arguments and the variables, which graphql-armor's cost ignores.
  costLimit: { enabled: false },
  // Enforced through graphql's own parser option; Apollo's plugins are not used here.
  maxTokens: { enabled: false },
  blockFieldSuggestion: { enabled: false },
}).protect().validationRules;

/** The arguments that say how many items a list field returns. */
function requestedItems(args: Record<string, unknown>): number | undefined {
  if (Array.isArray(args.ids)) return args.ids.length;
  if (args.ids !== undefined && args.ids !== null) return 1;
  return typeof args.first === 'number' ? args.first : undefined;
}

/** The longest list in an argument's value (input objects included), with its path; walked without recursion. */
function longestList(value: unknown, name: string): { path: string; length: number } | null {
  let longest: { path: string; length: number } | null = null;
  const pending: [unknown, string][] = [[value, name]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, path] = next;
    if (Array.isArray(item)) {
      if (longest === null || item.length > longest.length) longest = { path, length: item.length };
      item.forEach((entry, index) => {
        pending.push([entry, `${path}[${index}]`]);
      });
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, entry] of Object.entries(item)) pending.push([entry, `${path}.${key}`]);
    }
  }
  return longest;
}

interface Walk {
  schema: GraphQLSchema;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  /** Fragments being walked, so that a cycle (refused by validation anyway) cannot loop. */
  visiting: Set<string>;
  /** A fragment's cost once (per page it selects in), so that fragments spread in fragments cost no more time. */
  fragmentCosts: Map<string, number>;
  refusals: GraphQLError[];
}

/** An argument's value as the resolver gets it: the literal, the variable, or the schema's default. */
function argumentValues(field: GraphQLField<unknown, unknown>, nodes: readonly ArgumentNode[], walk: Walk) {
  const values: Record<string, unknown> = {};
  for (const arg of field.args) {
    const node = nodes.find((candidate) => candidate.name.value === arg.name);
    const value = node === undefined ? undefined : valueFromASTUntyped(node.value, walk.variables);
    values[arg.name] = value === undefined ? arg.defaultValue : value;
  }
  return values;
}

function refuse(walk: Walk, node: FieldNode, message: string): void {
  walk.refusals.push(new GraphQLError(message, { nodes: node }));
}

/** Refuses a list argument longer than the limit; true when one was. */
function checkListArguments(field: FieldNode, args: Record<string, unknown>, walk: Walk): boolean {
  const { maxListItems } = QUERY_LIMITS;
  const name = field.name.value;
  if (typeof args.first === 'number' && args.first > maxListItems) {
    refuse(
      walk,
      field,
      `'${name}(first: ${args.first})' asks for more than the ${maxListItems} items one list may return in a request: page through it with 'first' (at most ${maxListItems}) and 'after'.`,
    );
    return true;
  }
  for (const [argName, value] of Object.entries(args)) {
    const longest = longestList(value, argName);
    if (longest !== null && longest.length > maxListItems) {
      refuse(
        walk,
        field,
        `The argument '${longest.path}' of '${name}' holds ${longest.length} items, more than the ${maxListItems} a list argument may hold: split it over several requests.`,
      );
      return true;
    }
  }
  return false;
}

function fieldCost(
  node: FieldNode,
  parent: GraphQLNamedType | undefined,
  times: number,
  page: number | undefined,
  walk: Walk,
): number {
  const field =
    isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[node.name.value] : undefined;
  if (field === undefined) return times;
  const args = argumentValues(field, node.arguments ?? [], walk);
  if (checkListArguments(node, args, walk) || node.selectionSet === undefined) return times;
  const itemType = getNamedType(field.type);
  const size = requestedItems(args);
  if (QUERY_LIMITS.dataTypes.includes(itemType.name)) {
    const list = isListType(getNullableType(field.type));
    return times * (list ? Math.max(size ?? page ?? QUERY_LIMITS.assumedListItems, 1) : 1);
  }
  if (!isListType(getNullableType(field.type))) {
    // A connection: its size is its edges'.
    return times + selectionCost(node.selectionSet, itemType, times, size, walk);
  }
  const items = size ?? page ?? QUERY_LIMITS.assumedListItems;
  return times + selectionCost(node.selectionSet, itemType, times * Math.max(items, 0), undefined, walk);
}

/** The fields a selection resolves `times` times; `page` is the size of the connection it selects in. */
function selectionCost(
  set: SelectionSetNode,
  type: GraphQLNamedType | undefined,
  times: number,
  page: number | undefined,
  walk: Walk,
): number {
  let cost = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      cost += fieldCost(selection, type, times, page, walk);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const condition = selection.typeCondition && walk.schema.getType(selection.typeCondition.name.value);
      cost += selectionCost(selection.selectionSet, condition ?? type, times, page, walk);
    } else {
      cost += times * fragmentCost(selection.name.value, type, page, walk);
    }
  }
  return cost;
}

/** What a fragment costs each time it is resolved (cost grows linearly with the times a selection resolves). */
function fragmentCost(
  name: string,
  type: GraphQLNamedType | undefined,
  page: number | undefined,
  walk: Walk,
): number {
  const key = `${name}/${page ?? ''}`;
  const known = walk.fragmentCosts.get(key);
  if (known !== undefined) return known;
  const fragment = walk.fragments.get(name);
  if (fragment === undefined || walk.visiting.has(name)) return 0;
  walk.visiting.add(name);
  const condition = walk.schema.getType(fragment.typeCondition.name.value);
  const cost = selectionCost(fragment.selectionSet, condition ?? type, 1, page, walk);
  walk.visiting.delete(name);
  walk.fragmentCosts.set(key, cost);
  return cost;
}

/** The operation's variables as the request gives them, else their defaults in the document. */
function variablesOf(operation: OperationDefinitionNode, given: Record<string, unknown>) {
  const variables: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (given[name] !== undefined) variables[name] = given[name];
    else if (definition.defaultValue !== undefined)
      variables[name] = valueFromASTUntyped(definition.defaultValue);
  }
  return variables;
}

/** The cost of an operation (QUERY_LIMITS.maxCost) and its list arguments (maxListItems), with these variables. */
function listCostRule(variables: Record<string, unknown>): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const schema = context.getSchema();
      const fragments = new Map(
        context
          .getDocument()
          .definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)
          .map((fragment) => [fragment.name.value, fragment]),
      );
      const walk: Walk = {
        schema,
        fragments,
        variables: variablesOf(operation, variables),
        visiting: new Set(),
        fragmentCosts: new Map(),
        refusals: [],
      };
      const root = schema.getRootType(operation.operation) ?? undefined;
      const cost = selectionCost(operation.selectionSet, root, 1, undefined, walk);
      for (const refusal of walk.refusals) context.reportError(refusal);
      const { maxCost, assumedListItems } = QUERY_LIMITS;
      if (walk.refusals.length === 0 && cost > maxCost) {
        context.reportError(
          new GraphQLError(
            `This query may resolve ${Math.round(cost)} fields, more than the ${maxCost} a request may ask for (each field counts once per item of the lists around it: their 'first' or the length of their 'ids', ${assumedListItems} items where no argument says): ask for fewer items or fields, or split it over several requests.`,
            { nodes: operation },
          ),
        );
      }
      return false;
    },
  });
}

/** graphql-armor prefixes its refusals with "Syntax Error: ", which they are not. */
const ARMOR_PREFIX = /^Syntax Error: /;

/** What a request is held to: its document's shape, unless the document is one of ours, and its variables. */
export type LimitScope = 'document' | 'variables';

/**
 * The refusals of a parsed document by QUERY_LIMITS, with the request's variables; empty when it may run.
 * `document`: every limit (depth, aliases, directives, list arguments, cost). `variables`: only those a
 * request's variables change (list arguments, cost), for the web's persisted queries, whose shape is ours and
 * held to the limits by a test.
 */
export function queryLimitErrors(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
  scope: LimitScope = 'document',
): { message: string; code: string }[] {
  const rules = [...(scope === 'document' ? armorRules : []), listCostRule(variables)];
  return validate(schema, document, rules).map((error) => ({
    message: error.message.replace(ARMOR_PREFIX, ''),
    code: ErrorCode.queryTooCostly,
  }));
}

/** graphql-js's parser refusal of a document longer than `maxTokens`. */
export function tokenLimitError(error: GraphQLError): { message: string; code: string } | null {
  if (!/Document contains more tha[nt] \d+ tokens/.test(error.message)) return null;
  return {
    message: `The document has more than the ${QUERY_LIMITS.maxTokens} tokens a request may send: split it over several requests.`,
    code: ErrorCode.queryTooCostly,
  };
}
