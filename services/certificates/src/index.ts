/**
 * The package's entry point: what tools outside the service (the benches in load-tests/) may use of it, so they never
 * reach into dist/. Loading it starts nothing; the service starts from main.ts.
 */
export { bindValues } from './render/design';
export { CHROMIUM_ARGS } from '@cmp/common';
