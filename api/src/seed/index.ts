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
  type WorldOptions,
} from './generate.ts';
export { type InsertedWorld, insertWorld } from './insert.ts';
