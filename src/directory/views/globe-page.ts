/**
 * The public globe page (`/globe`) and its script (`/globe.js`).
 *
 * The page is served under a CSP without `'unsafe-inline'` for scripts, so all behaviour lives in
 * `GLOBE_SCRIPT`, which the server exposes as a same-origin file. Both strings are fully
 * self-contained: no CDNs, web fonts or remote images, and only relative URLs.
 */

const GLOBE_STYLE = `
  :root {
    color-scheme: dark;
    --bg: #070b14;
    --panel: #0e1526;
    --border: #1d2940;
    --text: #e6ecf7;
    --muted: #8b9ab5;
    --accent: #5eead4;
    --accent-2: #818cf8;
    --danger: #fca5a5;
  }
  * { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    min-height: 100vh;
    background: radial-gradient(ellipse at 50% 0%, #111a33 0%, var(--bg) 60%);
    color: var(--text);
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, sans-serif;
    line-height: 1.5;
    display: flex;
    flex-direction: column;
  }
  a { color: var(--accent); text-decoration: none; }
  a:hover, a:focus-visible { text-decoration: underline; }
  header, footer { padding: 1rem 1.5rem; display: flex; align-items: center; gap: 1rem; flex-wrap: wrap; }
  header { justify-content: space-between; border-bottom: 1px solid var(--border); }
  header .brand { font-weight: 700; letter-spacing: 0.02em; color: var(--text); }
  header nav { display: flex; gap: 1rem; font-size: 0.95rem; }
  main { flex: 1; display: flex; flex-direction: column; align-items: center; padding: 1.5rem 1rem 2rem; }
  h1 { margin: 0 0 0.25rem; font-size: clamp(1.4rem, 3vw, 2rem); font-weight: 650; text-align: center; }
  .lede { margin: 0 0 1rem; color: var(--muted); text-align: center; max-width: 40rem; }
  .stage {
    position: relative;
    width: min(92vw, 640px);
    aspect-ratio: 1 / 1;
  }
  #globe { width: 100%; height: 100%; display: block; cursor: grab; touch-action: none; }
  #globe-tooltip {
    position: absolute;
    pointer-events: none;
    padding: 0.3rem 0.55rem;
    border-radius: 6px;
    background: rgba(14, 21, 38, 0.92);
    border: 1px solid var(--border);
    font-size: 0.85rem;
    white-space: nowrap;
    transform: translate(-50%, -130%);
  }
  #globe-tooltip[hidden] { display: none; }
  .meta { margin-top: 1rem; display: flex; flex-direction: column; align-items: center; gap: 0.25rem; }
  #globe-count { font-size: 1.15rem; font-weight: 600; color: var(--accent); min-height: 1.5em; }
  #globe-status { color: var(--muted); font-size: 0.9rem; min-height: 1.35em; }
  #globe-status.error { color: var(--danger); }
  .noscript {
    margin: 1rem auto;
    max-width: 36rem;
    padding: 0.75rem 1rem;
    border: 1px solid var(--border);
    border-radius: 8px;
    background: var(--panel);
    color: var(--muted);
  }
  footer { justify-content: center; color: var(--muted); font-size: 0.85rem; border-top: 1px solid var(--border); }
`;

/** Renders the complete `/globe` HTML document. It loads its behaviour from `/globe.js`. */
export function renderGlobePage(): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<link rel="icon" href="data:,">
<meta name="description"
  content="Where the member organizations of the agent community are located, on a rotating globe.">
<title>Member globe · Agentry</title>
<style>${GLOBE_STYLE}</style>
<script src="/globe.js" defer></script>
</head>
<body>
<header>
  <a class="brand" href="/">Agentry</a>
  <nav aria-label="Site">
    <a href="/api/v1/members">Members API</a>
    <a href="/api/v1/globe">Globe data</a>
    <a href="/openapi.json">OpenAPI</a>
  </nav>
</header>
<main>
  <h1>Member globe</h1>
  <p class="lede">Each dot marks a place where member organizations are based; larger dots stand for more members.
    Hover the globe to pause it.</p>
  <div class="stage">
    <canvas id="globe" width="640" height="640" role="img"
      aria-label="Rotating globe showing the locations of community member organizations"></canvas>
    <div id="globe-tooltip" role="status" hidden></div>
  </div>
  <div class="meta">
    <div id="globe-count" aria-live="polite"></div>
    <div id="globe-status" aria-live="polite">Loading member locations…</div>
  </div>
  <noscript><p class="noscript">The globe needs JavaScript. The same data is available as JSON at
    <a href="/api/v1/globe">/api/v1/globe</a>.</p></noscript>
</main>
<footer>
  <span>Locations are approximate. Data: <a href="/api/v1/globe">/api/v1/globe</a></span>
</footer>
</body>
</html>
`;
}

/**
 * Browser script for the globe page, served as `application/javascript` at `/globe.js`.
 * Plain ES2017 in an IIFE; it never throws to the console and only talks to its own origin.
 */
export const GLOBE_SCRIPT = String.raw`(function () {
  'use strict';

  var DEG = Math.PI / 180;
  var TILT = 18 * DEG; // latitude of the view centre; shows the northern hemisphere a little
  var SPEED = 9; // degrees of longitude per second
  var REDUCED_SPEED = 3;

  var canvas = document.getElementById('globe');
  var countEl = document.getElementById('globe-count');
  var statusEl = document.getElementById('globe-status');
  var tooltip = document.getElementById('globe-tooltip');
  if (!canvas || typeof canvas.getContext !== 'function') {
    return;
  }
  var ctx = canvas.getContext('2d');
  if (!ctx) {
    setStatus('Your browser cannot draw the globe (no 2D canvas support).', true);
    return;
  }

  var reducedMotion = false;
  try {
    reducedMotion = !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  } catch (e) {
    reducedMotion = false;
  }

  var state = {
    points: [],
    loaded: false,
    reported: false,
    hovering: false,
    rotation: 0, // longitude at the centre of the view, degrees
    lastTime: 0,
    width: 0,
    height: 0,
    dpr: 1,
    drawn: [] // screen positions of the points visible in the last frame
  };

  function setStatus(message, isError) {
    if (!statusEl) return;
    statusEl.textContent = message;
    if (isError) statusEl.classList.add('error');
    else statusEl.classList.remove('error');
  }

  function formatNumber(n) {
    try {
      return n.toLocaleString('en-US');
    } catch (e) {
      return String(n);
    }
  }

  function isFiniteNumber(v) {
    return typeof v === 'number' && isFinite(v);
  }

  function sanitize(raw) {
    var list = raw && Array.isArray(raw.points) ? raw.points : null;
    if (!list) return null;
    var out = [];
    for (var i = 0; i < list.length; i++) {
      var p = list[i];
      if (!p || !isFiniteNumber(p.lat) || !isFiniteNumber(p.lon)) continue;
      if (p.lat < -90 || p.lat > 90 || p.lon < -180 || p.lon > 180) continue;
      var count = isFiniteNumber(p.count) && p.count > 0 ? p.count : 1;
      var label = typeof p.label === 'string' ? p.label : '';
      out.push({ lat: p.lat, lon: p.lon, count: count, label: label });
    }
    return out;
  }

  function resize() {
    var rect = canvas.getBoundingClientRect();
    var dpr = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
    var w = Math.max(1, Math.round(rect.width || canvas.width || 640));
    var h = Math.max(1, Math.round(rect.height || canvas.height || 640));
    if (w !== state.width || h !== state.height || dpr !== state.dpr) {
      state.width = w;
      state.height = h;
      state.dpr = dpr;
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
    }
  }

  // Orthographic projection centred on (TILT, rotation). Returns null on the far side.
  function project(lat, lon, cx, cy, r) {
    var phi = lat * DEG;
    var lambda = (lon - state.rotation) * DEG;
    var cosPhi = Math.cos(phi);
    var sinPhi = Math.sin(phi);
    var cosL = Math.cos(lambda);
    var depth = Math.sin(TILT) * sinPhi + Math.cos(TILT) * cosPhi * cosL;
    var x = r * cosPhi * Math.sin(lambda);
    var y = r * (Math.cos(TILT) * sinPhi - Math.sin(TILT) * cosPhi * cosL);
    return { x: cx + x, y: cy - y, depth: depth };
  }

  function strokePath(samples, cx, cy, r) {
    var pen = false;
    for (var i = 0; i < samples.length; i++) {
      var p = project(samples[i][0], samples[i][1], cx, cy, r);
      if (p.depth > 0) {
        if (pen) ctx.lineTo(p.x, p.y);
        else ctx.moveTo(p.x, p.y);
        pen = true;
      } else {
        pen = false;
      }
    }
  }

  function drawSphere(cx, cy, r) {
    var halo = ctx.createRadialGradient(cx, cy, r * 0.9, cx, cy, r * 1.18);
    halo.addColorStop(0, 'rgba(94, 234, 212, 0.18)');
    halo.addColorStop(1, 'rgba(94, 234, 212, 0)');
    ctx.fillStyle = halo;
    ctx.beginPath();
    ctx.arc(cx, cy, r * 1.18, 0, Math.PI * 2);
    ctx.fill();

    var body = ctx.createRadialGradient(cx - r * 0.35, cy - r * 0.4, r * 0.1, cx, cy, r);
    body.addColorStop(0, '#1f3a66');
    body.addColorStop(0.55, '#132746');
    body.addColorStop(1, '#0a1429');
    ctx.fillStyle = body;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fill();
  }

  function drawGraticule(cx, cy, r) {
    var step = 30;
    var lat;
    var lon;
    var samples;
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(148, 180, 230, 0.16)';
    ctx.beginPath();
    for (lon = -180; lon < 180; lon += step) {
      samples = [];
      for (lat = -90; lat <= 90; lat += 3) samples.push([lat, lon]);
      strokePath(samples, cx, cy, r);
    }
    for (lat = -60; lat <= 60; lat += step) {
      samples = [];
      for (lon = -180; lon <= 180; lon += 3) samples.push([lat, lon]);
      strokePath(samples, cx, cy, r);
    }
    ctx.stroke();

    ctx.strokeStyle = 'rgba(148, 180, 230, 0.32)';
    ctx.beginPath();
    samples = [];
    for (lon = -180; lon <= 180; lon += 3) samples.push([0, lon]);
    strokePath(samples, cx, cy, r);
    ctx.stroke();

    ctx.strokeStyle = 'rgba(148, 180, 230, 0.35)';
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.stroke();
  }

  function pointRadius(count, r) {
    var base = Math.max(2, r / 110);
    return Math.min(base + Math.sqrt(count) * 1.6, r / 9);
  }

  function drawPoints(cx, cy, r) {
    var drawn = [];
    var i;
    for (i = 0; i < state.points.length; i++) {
      var pt = state.points[i];
      var p = project(pt.lat, pt.lon, cx, cy, r);
      if (p.depth <= 0.02) continue; // far side or exactly on the rim
      drawn.push({ x: p.x, y: p.y, depth: p.depth, radius: pointRadius(pt.count, r), point: pt });
    }
    drawn.sort(function (a, b) {
      return a.depth - b.depth;
    });
    for (i = 0; i < drawn.length; i++) {
      var d = drawn[i];
      var alpha = 0.35 + 0.65 * d.depth;
      ctx.beginPath();
      ctx.arc(d.x, d.y, d.radius * 1.9, 0, Math.PI * 2);
      ctx.fillStyle = 'rgba(94, 234, 212, ' + (0.12 * alpha).toFixed(3) + ')';
      ctx.fill();
      ctx.beginPath();
      ctx.arc(d.x, d.y, d.radius, 0, Math.PI * 2);
      ctx.fillStyle = 'rgba(94, 234, 212, ' + alpha.toFixed(3) + ')';
      ctx.fill();
      ctx.lineWidth = 1;
      ctx.strokeStyle = 'rgba(7, 11, 20, ' + (0.6 * alpha).toFixed(3) + ')';
      ctx.stroke();
    }
    state.drawn = drawn;
    return drawn.length;
  }

  function frame(time) {
    try {
      var dt = state.lastTime ? Math.min(0.1, (time - state.lastTime) / 1000) : 0;
      state.lastTime = time;
      if (!state.hovering) {
        state.rotation += (reducedMotion ? REDUCED_SPEED : SPEED) * dt;
        if (state.rotation > 180) state.rotation -= 360;
      }
      resize();
      var w = state.width;
      var h = state.height;
      ctx.setTransform(state.dpr, 0, 0, state.dpr, 0, 0);
      ctx.clearRect(0, 0, w, h);
      var r = Math.min(w, h) * 0.44;
      var cx = w / 2;
      var cy = h / 2;
      drawSphere(cx, cy, r);
      drawGraticule(cx, cy, r);
      var visible = state.loaded ? drawPoints(cx, cy, r) : 0;
      if (state.loaded && !state.reported) {
        state.reported = true;
        document.body.dataset.pointsRendered = String(visible);
        document.body.dataset.pointsTotal = String(state.points.length);
      }
    } catch (e) {
      setStatus('The globe could not be drawn.', true);
      return;
    }
    window.requestAnimationFrame(frame);
  }

  function hitTest(clientX, clientY) {
    var rect = canvas.getBoundingClientRect();
    var x = clientX - rect.left;
    var y = clientY - rect.top;
    var best = null;
    var bestDist = Infinity;
    for (var i = 0; i < state.drawn.length; i++) {
      var d = state.drawn[i];
      var dx = d.x - x;
      var dy = d.y - y;
      var dist = Math.sqrt(dx * dx + dy * dy);
      if (dist <= Math.max(d.radius + 4, 8) && dist < bestDist) {
        best = d;
        bestDist = dist;
      }
    }
    return best ? { hit: best, x: x, y: y } : null;
  }

  function hideTooltip() {
    if (tooltip) tooltip.hidden = true;
  }

  canvas.addEventListener('pointerenter', function () {
    state.hovering = true;
  });
  canvas.addEventListener('pointerleave', function () {
    state.hovering = false;
    hideTooltip();
  });
  canvas.addEventListener('pointermove', function (event) {
    state.hovering = true;
    if (!tooltip) return;
    var found = hitTest(event.clientX, event.clientY);
    if (!found) {
      hideTooltip();
      return;
    }
    var pt = found.hit.point;
    var name = pt.label || 'Members';
    tooltip.textContent = name + ' · ' + formatNumber(pt.count) + (pt.count === 1 ? ' member' : ' members');
    tooltip.style.left = found.hit.x + 'px';
    tooltip.style.top = found.hit.y + 'px';
    tooltip.hidden = false;
  });

  function showCount(total) {
    if (!countEl) return;
    countEl.textContent = formatNumber(total) + (total === 1 ? ' member' : ' members') + ' on the map';
  }

  function load() {
    if (typeof window.fetch !== 'function') {
      setStatus('Member locations could not be loaded in this browser.', true);
      return;
    }
    window
      .fetch('/api/v1/globe', { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (res) {
        if (!res.ok) {
          var hint = res.status === 429 ? ' Too many requests; try again in a minute.' : '';
          throw new Error('HTTP ' + res.status + hint);
        }
        return res.json();
      })
      .then(function (data) {
        var points = sanitize(data);
        if (!points) throw new Error('unexpected response');
        var sum = 0;
        var biggest = null;
        for (var i = 0; i < points.length; i++) {
          sum += points[i].count;
          if (!biggest || points[i].count > biggest.count) biggest = points[i];
        }
        var total = data && isFiniteNumber(data.total) && data.total >= 0 ? data.total : sum;
        // Start with the busiest place facing the viewer.
        if (biggest) state.rotation = biggest.lon;
        state.points = points;
        state.loaded = true;
        showCount(total);
        setStatus(points.length === 0 ? 'No member locations have been published yet.' : '', false);
      })
      .catch(function (err) {
        var detail = err && err.message ? ' (' + err.message + ')' : '';
        setStatus('Member locations could not be loaded' + detail + '.', true);
      });
  }

  window.addEventListener('resize', resize);
  resize();
  load();
  window.requestAnimationFrame(frame);
})();
`;
