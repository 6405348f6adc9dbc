/**
 * The package's entry point: what tools outside the service (the benches in load-tests/) may use of it, so they never
 * reach into dist/. Loading it starts nothing; the service starts from main.ts.
 */
export { LOAD_USER_SQL } from './access/access.service';
