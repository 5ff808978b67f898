import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm start` takes the server's V8 flags from scripts/server-node-flags.mjs; `npm run start:prod` is a
// plain command line in package.json. Both must start the same server (README "Memory").
describe('the server start scripts', () => {
  it('start:prod spells out exactly the flags npm start passes', async () => {
    const url = pathToFileURL(path.resolve('scripts/server-node-flags.mjs')).href;
    const { SERVER_NODE_FLAGS } = (await import(url)) as { SERVER_NODE_FLAGS: string[] };
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['start:prod']).toBe(['node', ...SERVER_NODE_FLAGS, 'dist/server/main.mjs'].join(' '));
    expect(readFileSync('scripts/start.mjs', 'utf8')).toContain('SERVER_NODE_FLAGS');
  });
});
