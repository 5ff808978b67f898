// How the server process is started (README "Memory"): the V8 flags `npm start` passes and
// `npm run start:prod` spells out (package.json; server-node-flags.spec.ts keeps the two equal), and
// the benches run the app with. A flag already in NODE_OPTIONS wins (`npm start` leaves it out).
// - --max-semi-space-size=4: a 4 MB young generation instead of Node's 16 MB: leaner and, measured
//   here, as fast or faster.
// - --v8-pool-size=2: two V8 worker threads (concurrent marking, parallel scavenges, compilation)
//   instead of Node's four, whatever the machine: each thread keeps its own stack and malloc arena
//   (≈ 3 MB of RSS at idle); on the 2-core machines measured here the extra two never had a core.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--v8-pool-size=2'];

// Environment `npm start` gives the server when unset: glibc's malloc keeps at most two arenas
// instead of one per thread that ever allocated (≈ 3 MB of RSS at idle). start:prod cannot set a
// variable portably; deployments set it in their unit or container (README "Memory").
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
