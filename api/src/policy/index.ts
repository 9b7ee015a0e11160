export { type CallerAccess, type LinkedSite, type OwnSite, Policy } from './policy.ts';
