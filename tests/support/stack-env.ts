/**
 * The environment of a stack test's portal (`startStack`): production mode, its own embedded database in
 * `dataDir`, free ports on the loopback, warnings only in the logs.
 */
export function stackTestEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    HOST: '127.0.0.1',
    PORT: '0',
    API_PORT: '0',
    LOG_LEVEL: 'warn',
  };
}
