export {
  DEMO_PASSWORD,
  DEMO_WORLD_OPTIONS,
  type DemoAccount,
  type DemoSeed,
  demoAccounts,
  seedDemo,
} from './demo.ts';
export {
  type CompanyRole,
  generateWorld,
  luhnCheckDigit,
  type World,
  type WorldIncident,
  type WorldOperation,
  type WorldOperationCosts,
  type WorldOperationOutlet,
  type WorldOptions,
} from './generate.ts';
export { type InsertedWorld, insertWorld } from './insert.ts';
export { INCIDENT_SHARES, OPERATION_FATES } from './operations.ts';
