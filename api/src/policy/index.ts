export { AccessReader } from './access-reader.ts';
export {
  ACCESS_BY_USER,
  ACCESS_STAMP,
  type AccessRow,
  accessFromRow,
  type CallerAccess,
  type LinkedSite,
  type OperationSides,
  type OperationTarget,
  type OwnSite,
  Policy,
  type SkipSides,
  type SkipTarget,
} from './policy.ts';
