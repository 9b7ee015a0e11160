export {
  type AccessRow,
  accessFromRow,
  accessWith,
  type CallerAccess,
  type LinkedSite,
  type OperationSides,
  type OperationTarget,
  type OwnSite,
  Policy,
  type SkipSides,
  type SkipTarget,
} from './policy.ts';
