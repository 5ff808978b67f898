// Preload for bench/mcp-compaction-ab.mjs (`node --import`): the post-boot compaction rounds collect
// nothing (the `gc` they take from a new context does nothing), everything else of the server unchanged.
import vm from 'node:vm';
import { syncBuiltinESMExports } from 'node:module';

const runInNewContext = vm.runInNewContext;
vm.runInNewContext = (code, ...rest) => (code === 'gc' ? () => undefined : runInNewContext(code, ...rest));
syncBuiltinESMExports();
