import { escapeHtml } from '../../common/http/html.js';

export { escapeHtml };

const STYLE = `
  :root { color-scheme: light dark; --bg: #f8fafc; --fg: #0f172a; --muted: #475569; --card: #ffffff;
    --border: #cbd5e1; --accent: #0f766e; --danger: #b91c1c; --warn-bg: #fef3c7; --warn-fg: #78350f; }
  @media (prefers-color-scheme: dark) {
    :root { --bg: #0b1120; --fg: #e2e8f0; --muted: #94a3b8; --card: #111a2e; --border: #334155; --accent: #5eead4;
      --danger: #f87171; --warn-bg: #422006; --warn-fg: #fde68a; }
  }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--fg); line-height: 1.55;
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; font-size: 1rem; }
  header.site { padding: 0.8rem 1.25rem; border-bottom: 1px solid var(--border); }
  header.site a { font-weight: 700; color: var(--fg); text-decoration: none; }
  main { max-width: 36rem; margin: 0 auto; padding: 1.5rem 1.25rem 3rem; }
  main.wide { max-width: 52rem; }
  h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 0.75rem; }
  h2 { font-size: 1.15rem; margin: 1.75rem 0 0.5rem; }
  a { color: var(--accent); }
  .muted { color: var(--muted); }
  .card { background: var(--card); border: 1px solid var(--border); border-radius: 10px; padding: 1rem 1.1rem; margin: 1rem 0; }
  .warn { background: var(--warn-bg); color: var(--warn-fg); border-radius: 8px; padding: 0.6rem 0.8rem; margin: 0.75rem 0; }
  .problem { color: var(--danger); font-weight: 600; }
  label { display: block; font-weight: 600; margin: 0.75rem 0 0.3rem; }
  label.inline { display: flex; gap: 0.5rem; align-items: flex-start; font-weight: 400; }
  input[type=email], input[type=text], select { width: 100%; font-size: 1.05rem; padding: 0.65rem 0.7rem;
    border: 1px solid var(--border); border-radius: 8px; background: var(--bg); color: var(--fg); }
  input[inputmode=numeric] { letter-spacing: 0.3em; font-size: 1.4rem; }
  input[type=checkbox] { width: 1.3rem; height: 1.3rem; margin-top: 0.1rem; flex: none; }
  button { font-size: 1.05rem; padding: 0.7rem 1.2rem; border-radius: 8px; border: 1px solid var(--accent);
    background: var(--accent); color: var(--bg); cursor: pointer; min-height: 2.75rem; }
  button.secondary { background: transparent; color: var(--fg); border-color: var(--border); }
  button.danger { background: transparent; color: var(--danger); border-color: var(--danger); }
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; margin-top: 1.25rem; }
  .actions form { margin: 0; }
  ul.scopes { padding-left: 1.2rem; }
  ul.scopes li { margin: 0.3rem 0; }
  .agreement { max-height: 16rem; overflow-y: auto; border: 1px solid var(--border); border-radius: 8px; padding: 0 1rem;
    background: var(--card); font-size: 0.95rem; }
  table { border-collapse: collapse; width: 100%; display: block; overflow-x: auto; }
  th, td { border-bottom: 1px solid var(--border); padding: 0.45rem 0.5rem; text-align: left; vertical-align: top; }
  code { font-size: 0.9em; word-break: break-all; }
`;

/** A broker page: no scripts, usable on a phone and without JavaScript. */
export function brokerLayout(options: { title: string; main: string; wide?: boolean }): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(options.title)} · Agentry</title>
<style>${STYLE}</style>
</head>
<body>
<header class="site"><a href="/">Agentry</a> <span class="muted">identity broker</span></header>
<main${options.wide ? ' class="wide"' : ''}>
${options.main}
</main>
</body>
</html>
`;
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
