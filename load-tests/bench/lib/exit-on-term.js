'use strict';
// Preloaded into a profiled bench process (BENCH_NODE_FLAGS_<NAME>=--cpu-prof): SIGTERM ends it with process.exit,
// which writes the profile, instead of the signal's death, which does not.
process.once('SIGTERM', () => process.exit(0));
