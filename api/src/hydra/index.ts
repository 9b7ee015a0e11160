/** The Hydra module: API Platform's JSON-LD conventions, shared by every resource of the api. */
export * from './collection.ts';
export * from './fastify.ts';
export * from './item.ts';
export * from './merge-patch.ts';
export * from './openapi.ts';
export * from './problem.ts';
export * from './sql.ts';
export * from './validation.ts';
