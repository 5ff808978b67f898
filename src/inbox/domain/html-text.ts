import type * as HtmlToText from 'html-to-text';

// Loaded when the first message needs it (loadHtmlToText), not at boot: an instance that receives no
// HTML-only mail never pays for html-to-text and its parsers.
let library: typeof HtmlToText | undefined;
let loading: Promise<typeof HtmlToText> | undefined;

/** Loads html-to-text once; await it before calling {@link htmlToText}. */
export async function loadHtmlToText(): Promise<void> {
  library ??= await (loading ??= import('html-to-text'));
}

const MAX_HTML = 2_000_000;

/**
 * HTML to plain text with html-to-text: scripts, styles, heads and images are dropped, link
 * targets are not inlined (links are extracted separately), nothing is ever fetched, and the
 * input and nesting are bounded so a hostile message cannot make the parser work forever.
 * Call {@link loadHtmlToText} first.
 */
export function htmlToText(html: string): string {
  if (!library) throw new Error('htmlToText called before loadHtmlToText()');
  return library
    .convert(html.length > MAX_HTML ? html.slice(0, MAX_HTML) : html, {
      wordwrap: false,
      limits: { maxInputLength: MAX_HTML, maxDepth: 64, maxChildNodes: 5000, ellipsis: ' …' },
      selectors: [
        { selector: 'a', options: { ignoreHref: true } },
        { selector: 'img', format: 'skip' },
        { selector: 'style', format: 'skip' },
        { selector: 'script', format: 'skip' },
        { selector: 'head', format: 'skip' },
        { selector: 'h1', options: { uppercase: false } },
        { selector: 'h2', options: { uppercase: false } },
        { selector: 'h3', options: { uppercase: false } },
        { selector: 'table', format: 'block' },
        { selector: 'tr', format: 'block' },
        { selector: 'td', format: 'block' },
        { selector: 'th', format: 'block' },
      ],
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
