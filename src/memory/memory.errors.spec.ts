import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryError } from './memory.errors.js';
import { projectRoot } from './services/memory-docs.js';

/** `| \`a\`, \`b\` | 400 | …` rows of the API reference's error table → code → status. */
function documentedStatuses(): Map<string, number> {
  const api = readFileSync(path.join(projectRoot(), 'docs', 'recall', 'API.md'), 'utf8');
  const statuses = new Map<string, number>();
  for (const [, codes, status] of api.matchAll(/^\| ((?:`[a-z_]+`(?:, )?)+) \| (\d{3}) \|/gm)) {
    for (const [, code] of codes.matchAll(/`([a-z_]+)`/g)) statuses.set(code, Number(status));
  }
  return statuses;
}

describe('memory error table', () => {
  it('matches the codes and statuses published in docs/recall/API.md', () => {
    const documented = documentedStatuses();
    for (const [code, spec] of Object.entries(memoryError.table)) {
      expect({ code, status: documented.get(code) }).toEqual({ code, status: spec.status });
    }
  });

  it('builds refusals with the tabled status and the given details', () => {
    const error = memoryError('content_rejected', 'body appears to contain a credential (npm)', { details: { field: 'body' } });
    expect(error).toMatchObject({ code: 'content_rejected', status: 422, retryable: false, details: { field: 'body' } });
  });
});
