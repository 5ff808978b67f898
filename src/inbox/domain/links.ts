const MAX_LINKS = 50;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`)\]]+/gi;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const TRAILING_PUNCTUATION = '.,;:!?';

/** Sentence punctuation after a URL in text is not part of it (a scan: `/[.,;:!?]+$/` is quadratic). */
function trimTrailingPunctuation(value: string): string {
  let end = value.length;
  while (end > 0 && TRAILING_PUNCTUATION.includes(value[end - 1])) end--;
  return value.slice(0, end);
}

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/gi, '&')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'");
}

/**
 * The http(s) links of a message, from the HTML's href attributes and the text, in order of
 * appearance, deduplicated and bounded. Never fetched. (A regex rather than a DOM walk: only
 * href values are wanted, and they are validated with the URL parser.)
 */
export function extractLinks(text: string, html?: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const add = (candidate: string) => {
    if (found.length >= MAX_LINKS) return;
    const trimmed = trimTrailingPunctuation(candidate.trim());
    if (trimmed.length > 2048) return;
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    const href = url.toString();
    if (seen.has(href)) return;
    seen.add(href);
    found.push(href);
  };
  if (html) for (const m of html.matchAll(HREF)) add(decodeEntities(m[1] ?? m[2] ?? m[3] ?? ''));
  for (const m of text.matchAll(URL_IN_TEXT)) add(m[0]);
  return found;
}
