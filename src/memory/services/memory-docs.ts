import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, found by walking up from this file (works from src/ and dist/src/). */
export function projectRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
}

export type MemoryDocumentName = 'AGENTS.md' | 'API.md' | 'ROOT-AGENTS.md';

/** Reads Recall's Markdown documents once; `{{base_url}}` becomes the public base URL. */
export function loadMemoryDocuments(baseUrl: string): Record<MemoryDocumentName, string> {
  const root = projectRoot();
  const read = (...parts: string[]) => readFileSync(path.join(root, ...parts), 'utf8').replaceAll('{{base_url}}', baseUrl);
  return {
    'AGENTS.md': read('docs', 'recall', 'AGENTS.md'),
    'API.md': read('docs', 'recall', 'API.md'),
    'ROOT-AGENTS.md': read('docs', 'AGENTS.md'),
  };
}
