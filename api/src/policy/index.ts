export {
  type CallerAccess,
  type LinkedSite,
  type OwnSite,
  Policy,
  type SkipSides,
  type SkipTarget,
} from './policy.ts';
