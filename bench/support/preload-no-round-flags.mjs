// Preload for bench/mcp-compaction-ab.mjs (`node --import`): the post-boot compaction rounds run their
// collections without the round's V8 flags (no --optimize-for-size, no bytecode flush), everything
// else of the server unchanged.
import v8 from 'node:v8';
import { syncBuiltinESMExports } from 'node:module';

const setFlags = v8.setFlagsFromString;
v8.setFlagsFromString = (flags) => {
  if (/optimize-for-size|bytecode-old-age|flush-baseline-code/.test(flags)) return;
  setFlags(flags);
};
syncBuiltinESMExports();
