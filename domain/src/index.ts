export * from './access.ts';
export * from './iri.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './typologies.ts';
export * from './validation.ts';
