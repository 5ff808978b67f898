import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fold } from '../../common/search/text-fold.js';
import { TextIndex } from '../../common/search/text-index.js';

/** Field weights: title, description, headings, body. */
const FIELD_WEIGHTS = [8, 4, 3, 1];
import { trimChar, trimTrailing } from '../../common/text/trim.js';

/** One published documentation page (a Markdown file in docs/site). */
export interface DocPage {
  /** The file name without `.md`, e.g. `api-reference`: the page's path everywhere it is published. */
  name: string;
  title: string;
  description: string;
  /** The Markdown as written, front matter included. */
  markdown: string;
  /** The Markdown without its front matter. */
  body: string;
  /** Lower-cased plain text used for search (body with Markdown punctuation removed). */
  plain: string;
}

export interface DocSearchHit {
  page: DocPage;
  score: number;
  snippet: string;
}

/** The folder that holds package.json, found by walking up from this file (works from src/ and dist/). */
export function findProjectRoot(start: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

function parseFrontMatter(markdown: string): { fields: Record<string, string>; body: string } {
  const match = FRONT_MATTER.exec(markdown);
  if (!match) return { fields: {}, body: markdown };
  const fields: Record<string, string> = {};
  for (const line of match[1].split(/\r?\n/)) {
    const m = /^([A-Za-z_][\w-]*):(.*)$/.exec(line);
    if (m) fields[m[1]] = m[2].trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return { fields, body: markdown.slice(match[0].length) };
}

function toPlain(markdown: string): string {
  return markdown
    .replace(/```[a-z]*\n?/gi, ' ')
    .replace(/!\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/[#*_`>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words of a query: lower-case letters/digits runs of two or more characters, de-duplicated. */
export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}._-]*[\p{L}\p{N}]|[\p{L}\p{N}]{2,}/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 2))].slice(0, 20);
}

/**
 * The service's documentation, loaded once from docs/site. The same pages are rendered at /docs,
 * searched by /api/v1/content-search and the docs MCP's search_docs, and read by read_doc and the
 * docs://agentry/<name> resources.
 */
export class DocsCorpus {
  readonly pages: readonly DocPage[];
  private readonly byName: Map<string, DocPage>;
  private readonly index = new TextIndex(FIELD_WEIGHTS);

  /**
   * @param directory the folder of published pages (docs/site)
   * @param extra pages kept elsewhere in the repository but published too (full paths), e.g. docs/security.md
   */
  constructor(
    readonly directory: string,
    extra: readonly string[] = [],
  ) {
    const files = existsSync(directory)
      ? readdirSync(directory)
          .filter((f) => f.endsWith('.md'))
          .sort()
          .map((f) => path.join(directory, f))
      : [];
    this.pages = [...files, ...extra.filter((f) => existsSync(f))].map((file) => {
      const markdown = readFileSync(file, 'utf8');
      const { fields, body } = parseFrontMatter(markdown);
      const name = path.basename(file, '.md');
      const heading = /^#\s+(.+)$/m.exec(body)?.[1]?.trim();
      return {
        name,
        title: fields.title ?? heading ?? name,
        description: fields.description ?? '',
        markdown,
        body,
        plain: toPlain(body),
      };
    });
    // A stable reading order: the overview first, then alphabetical. Compared by code unit, not with
    // localeCompare, which would page in ICU's collation data (3 MB of RSS) for names that are
    // lowercase file names anyway (docs-corpus.spec.ts checks both orders agree on the published pages).
    this.pages = [...this.pages].sort((a, b) =>
      a.name === 'overview' ? -1 : b.name === 'overview' ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    this.byName = new Map(this.pages.map((p) => [p.name, p]));
    for (const page of this.pages) {
      const headings = (page.body.match(/^#{1,6}\s+.+$/gm) ?? []).join(' ');
      this.index.upsert({
        key: page.name,
        fields: [page.title, page.description, headings, page.plain],
        exact: [page.title],
        sortKey: page.name,
      });
    }
  }

  /** Accepts `api-reference`, `api-reference.md`, `/docs/api-reference` or `docs://agentry/api-reference`. */
  static normalizePath(raw: string): string {
    const path = trimChar(
      raw
        .trim()
        .replace(/^docs:\/\/agentry\//i, '')
        .replace(/^\/?docs\//i, ''),
      '/',
    );
    return trimTrailing(path.replace(/\.md$/i, ''), '/').toLowerCase();
  }

  get(rawPath: string): DocPage | undefined {
    return this.byName.get(DocsCorpus.normalizePath(rawPath));
  }

  /**
   * Ranks pages for a text query with the service's search engine (src/common/search/text-index.ts):
   * typo-tolerant words, the last one also a prefix; exact title first, then more words matched,
   * fewer typos, field weights (title > description > headings > body) × rarity, proximity, then
   * the page name. Scores are normalised so the best page scores 1.
   */
  search(query: string, limit: number): DocSearchHit[] {
    const found = this.index.search(query, { limit });
    const best = found.hits[0]?.score ?? 1;
    const terms = [...found.words, ...found.terms];
    return found.hits.map((h) => {
      const page = this.byName.get(h.key)!;
      return { page, score: Math.round((h.score / best) * 1000) / 1000, snippet: snippet(page, terms) };
    });
  }
}

/**
 * About 200 characters of plain text around the place where the most different query words (or the
 * words they matched) occur within 140 characters — each counted by its rarity on the page — the
 * earliest such place; ellipses where cut.
 */
function snippet(page: DocPage, terms: string[]): string {
  const text = page.plain;
  const lower = fold(text);
  const hits: Array<{ at: number; term: number }> = [];
  terms.forEach((term, index) => {
    for (let i = lower.indexOf(term), n = 0; i !== -1 && n < 100; i = lower.indexOf(term, i + term.length), n++) {
      hits.push({ at: i, term: index });
    }
  });
  hits.sort((a, b) => a.at - b.at);
  // Rarer words on the page weigh more, so the window shows what distinguishes the page.
  const occurrences = new Map<number, number>();
  for (const h of hits) occurrences.set(h.term, (occurrences.get(h.term) ?? 0) + 1);
  let at = -1;
  let best = 0;
  for (let i = 0; i < hits.length; i++) {
    const seen = new Set<number>();
    for (let j = i; j < hits.length && hits[j].at - hits[i].at <= 140; j++) seen.add(hits[j].term);
    let value = 0;
    for (const term of seen) value += 1 / occurrences.get(term)!;
    if (value > best) {
      best = value;
      at = hits[i].at;
    }
  }
  if (at === -1) return page.description || text.slice(0, 200);
  const start = Math.max(0, at - 80);
  const end = Math.min(text.length, at + 140);
  let cut = text.slice(start, end);
  if (start > 0) cut = `…${cut.replace(/^\S*\s/, '')}`;
  if (end < text.length) cut = `${cut.replace(/\s\S*$/, '')}…`;
  return cut;
}

let shared: DocsCorpus | undefined;

/**
 * The corpus from `<project root>/docs/site`, read once per process, plus the threat model
 * (docs/security.md, kept beside the developer docs and published at /docs/security).
 */
export function getDocsCorpus(): DocsCorpus {
  const root = findProjectRoot();
  shared ??= new DocsCorpus(path.join(root, 'docs', 'site'), [path.join(root, 'docs', 'security.md')]);
  return shared;
}
