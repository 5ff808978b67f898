import type { lintSource } from '@secretlint/core';
import type { ValidationFailure } from './content-rules.js';
import { credentialRefusal } from './secret-rules.js';

/*
 * The second pass of Recall's secret scan (issue 14): secretlint's maintained recommended preset
 * (database connection strings with passwords, npm, SendGrid, Shopify, Linear, 1Password, basic-auth
 * URLs, … and what our own rules already cover), run after content-rules.ts's own checks have
 * passed. Input is bounded by then (the validators cap every field, 16,000 code points at most), and
 * the rules are plain regular expressions: a worst-case body takes milliseconds (logged by
 * maintained-secret-rules.spec.ts). secretlint is imported and the configuration built once, at the
 * first scan (not at boot: an instance nobody publishes to never loads it).
 * `secretlint-disable` comments in the content are not honoured (see COMMENT_FILTER).
 */

type LintConfig = Parameters<typeof lintSource>[0]['options']['config'];

const RULE_PREFIX = '@secretlint/secretlint-rule-';
/**
 * Honours `secretlint-disable` comments in the scanned text: in published content that would let the
 * author switch the scan off, so it is left out (core 12 ignores `disabled` on a preset's rules, hence
 * the preset's rules registered one by one rather than the preset itself).
 */
const COMMENT_FILTER = `${RULE_PREFIX}filter-comments`;

interface Scanner {
  lintSource: typeof lintSource;
  config: LintConfig;
}
let scanner: Promise<Scanner> | undefined;

async function loadScanner(): Promise<Scanner> {
  const [{ lintSource }, { secretLintProfiler }, { rules: recommendedRules }] = await Promise.all([
    import('@secretlint/core'),
    import('@secretlint/profiler'),
    import('@secretlint/secretlint-rule-preset-recommend'),
  ]);
  silenceProfiler(secretLintProfiler);
  const config: LintConfig = {
    rules: recommendedRules.filter((rule) => rule.meta.id !== COMMENT_FILTER).map((rule) => ({ id: rule.meta.id, rule })),
  };
  return { lintSource, config };
}

/**
 * secretlint's process-wide profiler puts a performance mark on the global timeline for every rule
 * of every scan and keeps each one in an array it searches on the next mark: memory that only grows
 * and a scan that gets slower with every message published (measured: ~100 ms of CPU per
 * publish_message after a few thousand publishes). Nothing here reads the profile, so marks are
 * not recorded.
 */
function silenceProfiler(profiler: { mark: (...args: never[]) => unknown }): void {
  profiler.mark = () => undefined;
}

/** `@secretlint/secretlint-rule-database-connection-string` → `database_connection_string`. */
function kindOf(ruleId: string): string {
  const name = ruleId.startsWith(RULE_PREFIX) ? ruleId.slice(RULE_PREFIX.length) : ruleId;
  return name.replace(/[^a-z0-9]+/gi, '_').toLowerCase();
}

/** The kind of the first secret the maintained rules find in `text`, never the secret itself. */
export async function findMaintainedSecret(text: string): Promise<{ kind: string } | null> {
  if (!text) return null;
  const { lintSource, config } = await (scanner ??= loadScanner());
  const result = await lintSource({
    source: { content: text, filePath: 'recall-content.txt', ext: '.txt', contentType: 'text' },
    options: { config, maskSecrets: true, noPhysicFilePath: true },
  });
  const [first] = result.messages;
  return first ? { kind: kindOf(first.ruleId) } : null;
}

/**
 * Scans validated fields in order and answers the first field holding a secret, with the same
 * `content_rejected` refusal as the first pass; null when every field is clean.
 */
export async function scanWithMaintainedRules(fields: Readonly<Record<string, string>>): Promise<ValidationFailure | null> {
  for (const [field, value] of Object.entries(fields)) {
    const secret = await findMaintainedSecret(value);
    if (secret) return { ok: false, code: 'content_rejected', field, message: credentialRefusal(field, secret.kind) };
  }
  return null;
}
