/**
 * MCP Apps view for `get_community_stats` (resource `ui://agentcommunity/community-stats.html`, served with
 * mimeType `text/html;profile=mcp-app`).
 *
 * The document is purely presentational: it speaks the guest side of the MCP Apps postMessage protocol
 * (ext-apps spec 2026-01-26) with its host, shows the one public aggregate the tool returns, and never
 * fetches anything, calls tools or reads resources. It has no external references, so the host's most
 * restrictive default CSP is enough.
 */
export const COMMUNITY_STATS_VIEW_HTML = String.raw`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Community stats</title>
<style>
  :root {
    --card-bg: #ffffff;
    --card-border: #e2e8f0;
    --text: #0f172a;
    --muted: #64748b;
    --accent: #0f766e;
    color-scheme: light;
  }
  @media (prefers-color-scheme: dark) {
    :root:not(.theme-light) {
      --card-bg: #0f172a;
      --card-border: #1e293b;
      --text: #e2e8f0;
      --muted: #94a3b8;
      --accent: #5eead4;
      color-scheme: dark;
    }
  }
  :root.theme-dark {
    --card-bg: #0f172a;
    --card-border: #1e293b;
    --text: #e2e8f0;
    --muted: #94a3b8;
    --accent: #5eead4;
    color-scheme: dark;
  }
  * { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; background: transparent; }
  body {
    font-family: var(--font-sans, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    color: var(--text);
    padding: 8px;
  }
  .card {
    background: var(--card-bg);
    border: 1px solid var(--card-border);
    border-radius: 12px;
    padding: 16px 20px;
    max-width: 420px;
  }
  .label {
    margin: 0;
    font-size: 0.8rem;
    font-weight: 600;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--muted);
  }
  #member-count {
    display: block;
    margin: 4px 0 2px;
    font-size: 2.4rem;
    font-weight: 700;
    line-height: 1.15;
    color: var(--accent);
    font-variant-numeric: tabular-nums;
  }
  .unit { margin: 0; font-size: 0.95rem; }
  #note { margin: 10px 0 0; font-size: 0.85rem; color: var(--muted); min-height: 1em; }
  #note:empty { display: none; }
</style>
</head>
<body>
<main class="card" aria-labelledby="stats-label">
  <p class="label" id="stats-label">Agent community</p>
  <output id="member-count" aria-live="polite">—</output>
  <p class="unit">member organizations</p>
  <p id="note"></p>
</main>
<script>
(function () {
  'use strict';

  var INIT_ID = 1;
  var PROTOCOL_VERSION = '2026-01-26';
  var countEl = document.getElementById('member-count');
  var noteEl = document.getElementById('note');
  var initialized = false;
  var lastSize = '';

  function post(message) {
    try {
      if (window.parent && window.parent !== window) {
        window.parent.postMessage(message, '*');
      }
    } catch (e) {
      // The host may be gone; there is nothing useful to do.
    }
  }

  function isObject(v) {
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  }

  function isValidCount(v) {
    return typeof v === 'number' && isFinite(v) && v >= 0;
  }

  function applyTheme(context) {
    if (!isObject(context)) return;
    var theme = context.theme;
    if (theme !== 'dark' && theme !== 'light') return;
    var root = document.documentElement;
    root.classList.remove('theme-dark', 'theme-light');
    root.classList.add(theme === 'dark' ? 'theme-dark' : 'theme-light');
  }

  function extractStats(result) {
    if (!isObject(result)) return null;
    var sc = result.structuredContent;
    if (isObject(sc) && isValidCount(sc.member_count)) return sc;
    var content = result.content;
    if (Array.isArray(content) && isObject(content[0]) && typeof content[0].text === 'string') {
      try {
        var parsed = JSON.parse(content[0].text);
        if (isObject(parsed) && isValidCount(parsed.member_count)) return parsed;
      } catch (e) {
        return null;
      }
    }
    return null;
  }

  function render(stats) {
    var n = stats.member_count;
    var text;
    try {
      text = n.toLocaleString('en-US');
    } catch (e) {
      text = String(n);
    }
    countEl.textContent = text;
    noteEl.textContent = typeof stats.note === 'string' ? stats.note.slice(0, 500) : '';
    reportSize();
  }

  function reportSize() {
    if (!initialized) return;
    var el = document.documentElement;
    var width = Math.ceil(el.scrollWidth);
    var height = Math.ceil(el.scrollHeight);
    if (!isFinite(width) || !isFinite(height)) return;
    var key = width + 'x' + height;
    if (key === lastSize) return;
    lastSize = key;
    post({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: width, height: height } });
  }

  function respond(id, result) {
    post({ jsonrpc: '2.0', id: id, result: result });
  }

  function onMessage(event) {
    // Only the embedding host (or a same-document dispatch) may talk to this view.
    if (event.source && event.source !== window.parent) return;
    var msg = event.data;
    if (!isObject(msg) || msg.jsonrpc !== '2.0') return;

    // Response to our ui/initialize request.
    if (msg.id === INIT_ID && typeof msg.method !== 'string') {
      if (initialized) return;
      if (!isObject(msg.result)) return;
      applyTheme(msg.result.hostContext);
      initialized = true;
      post({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
      reportSize();
      return;
    }

    if (typeof msg.method !== 'string') return;
    var params = msg.params;
    var isRequest = typeof msg.id === 'string' || typeof msg.id === 'number';

    switch (msg.method) {
      case 'ui/notifications/tool-result': {
        if (!isObject(params)) return;
        if (params.isError === true) {
          noteEl.textContent = 'Community stats are unavailable right now.';
          return;
        }
        var stats = extractStats(params);
        if (stats) render(stats);
        return;
      }
      case 'ui/notifications/tool-input':
      case 'ui/notifications/tool-input-partial':
        return; // the tool takes no input
      case 'ui/notifications/tool-cancelled':
        if (countEl.textContent === '—') noteEl.textContent = 'The request was cancelled.';
        return;
      case 'ui/notifications/host-context-changed':
        applyTheme(params);
        return;
      case 'ui/resource-teardown':
      case 'ping':
        if (isRequest) respond(msg.id, {});
        return;
      default:
        if (isRequest) {
          post({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } });
        }
    }
  }

  window.addEventListener('message', onMessage);

  if (typeof ResizeObserver === 'function') {
    try {
      new ResizeObserver(reportSize).observe(document.documentElement);
    } catch (e) {
      // Size reports are a nicety; the host can fall back to its own sizing.
    }
  }

  post({
    jsonrpc: '2.0',
    id: INIT_ID,
    method: 'ui/initialize',
    params: {
      appInfo: { name: 'community-stats', version: '1.0.0' },
      appCapabilities: {},
      protocolVersion: PROTOCOL_VERSION
    }
  });
})();
</script>
</body>
</html>
`;
