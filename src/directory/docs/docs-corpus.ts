import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

function countOccurrences(haystack: string, needle: string): number {
  let count = 0;
  let at = haystack.indexOf(needle);
  while (at !== -1 && count < 1000) {
    count++;
    at = haystack.indexOf(needle, at + needle.length);
  }
  return count;
}

/**
 * The service's documentation, loaded once from docs/site. The same pages are rendered at /docs,
 * searched by /api/v1/content-search and the docs MCP's search_docs, and read by read_doc and the
 * docs://agentry/<name> resources.
 */
export class DocsCorpus {
  readonly pages: readonly DocPage[];
  private readonly byName: Map<string, DocPage>;

  constructor(readonly directory: string) {
    const files = existsSync(directory)
      ? readdirSync(directory)
          .filter((f) => f.endsWith('.md'))
          .sort()
      : [];
    this.pages = files.map((file) => {
      const markdown = readFileSync(path.join(directory, file), 'utf8');
      const { fields, body } = parseFrontMatter(markdown);
      const name = file.slice(0, -3);
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
    // A stable reading order: the overview first, then alphabetical.
    this.pages = [...this.pages].sort((a, b) =>
      a.name === 'overview' ? -1 : b.name === 'overview' ? 1 : a.name.localeCompare(b.name),
    );
    this.byName = new Map(this.pages.map((p) => [p.name, p]));
  }

  /** Accepts `api-reference`, `api-reference.md`, `/docs/api-reference` or `docs://agentry/api-reference`. */
  static normalizePath(raw: string): string {
    const path = trimChar(raw.trim().replace(/^docs:\/\/agentry\//i, '').replace(/^\/?docs\//i, ''), '/');
    return trimTrailing(path.replace(/\.md$/i, ''), '/').toLowerCase();
  }

  get(rawPath: string): DocPage | undefined {
    return this.byName.get(DocsCorpus.normalizePath(rawPath));
  }

  /**
   * Ranks pages for a text query: each query word found in the title, description, headings or body
   * adds to the score (title and headings weigh more; rarer words weigh more); prefixes count a
   * little less than whole words. Scores are normalised to 0..1 for the best possible match.
   */
  search(query: string, limit: number): DocSearchHit[] {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    const n = this.pages.length;
    const docFreq = new Map<string, number>();
    for (const term of terms) {
      docFreq.set(term, this.pages.filter((p) => p.plain.toLowerCase().includes(term) || p.title.toLowerCase().includes(term)).length);
    }
    const hits: DocSearchHit[] = [];
    for (const page of this.pages) {
      const title = page.title.toLowerCase();
      const description = page.description.toLowerCase();
      const headings = (page.body.match(/^#{1,6}\s+.+$/gm) ?? []).join(' ').toLowerCase();
      const body = page.plain.toLowerCase();
      let score = 0;
      let matched = 0;
      for (const term of terms) {
        const idf = Math.log(1 + (n + 1) / ((docFreq.get(term) ?? 0) + 0.5));
        const whole = new RegExp(`(^|[^\\p{L}\\p{N}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\p{L}\\p{N}]|$)`, 'u');
        const tf = countOccurrences(body, term);
        if (tf === 0 && !title.includes(term) && !description.includes(term)) continue;
        matched++;
        let s = 0;
        if (title.includes(term)) s += 4;
        if (description.includes(term)) s += 2;
        if (headings.includes(term)) s += 1.5;
        s += Math.log(1 + tf);
        if (whole.test(body) || whole.test(title)) s *= 1.25;
        score += s * idf;
      }
      if (matched === 0) continue;
      score *= matched / terms.length; // pages with every word come first
      hits.push({ page, score, snippet: snippet(page, terms) });
    }
    hits.sort((a, b) => b.score - a.score || a.page.name.localeCompare(b.page.name));
    const best = hits[0]?.score ?? 1;
    return hits.slice(0, limit).map((h) => ({ ...h, score: Math.round((h.score / best) * 1000) / 1000 }));
  }
}

/** About 200 characters of plain text around the first query word, with ellipses where cut. */
function snippet(page: DocPage, terms: string[]): string {
  const text = page.plain;
  const lower = text.toLowerCase();
  let at = -1;
  for (const term of terms) {
    const i = lower.indexOf(term);
    if (i !== -1 && (at === -1 || i < at)) at = i;
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

/** The corpus from `<project root>/docs/site`, read once per process. */
export function getDocsCorpus(): DocsCorpus {
  shared ??= new DocsCorpus(path.join(findProjectRoot(), 'docs', 'site'));
  return shared;
}
