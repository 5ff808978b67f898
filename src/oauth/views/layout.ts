import { escapeHtml } from '../../common/http/html.js';

export { escapeHtml };

import { pageLayout } from '../../common/http/layout.js';

/** A broker page in the common layout: no scripts, usable on a phone and without JavaScript. */
export function brokerLayout(options: { title: string; main: string; wide?: boolean }): string {
  return pageLayout({ title: options.title, main: options.main, mainClass: options.wide ? undefined : 'narrow', section: 'identity broker' });
}

export function errorPage(title: string, message: string): string {
  return brokerLayout({
    title,
    main: `<h1>${escapeHtml(title)}</h1>\n<p class="problem" role="alert">${escapeHtml(message)}</p>\n<p><a href="/account">Your account</a></p>`,
  });
}

export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

export function problemLine(problem?: string): string {
  return problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : '';
}
