// @ts-check
/**
 * The behaviour of the /globe page (src/directory/views/globe-page.ts), served as /globe.js under the
 * strict CSP (`script-src 'self'`). Plain ES2019 in an IIFE, type-checked with `tsc -p assets` and linted;
 * it never throws to the console and only talks to its own origin (GET /api/v1/globe).
 */

/** @typedef {{ lat: number, lon: number, count: number, label: string }} GlobePoint */
/** @typedef {{ x: number, y: number, depth: number, radius: number, point: GlobePoint }} DrawnPoint */

(function () {
  'use strict';

  var DEG = Math.PI / 180;
  var TILT = 18 * DEG; // latitude of the view centre; shows the northern hemisphere a little
  var SPEED = 9; // degrees of longitude per second
  var REDUCED_SPEED = 3;

  var canvas = /** @type {HTMLCanvasElement | null} */ (document.getElementById('globe'));
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
  run(canvas, ctx);

  /**
   * @param {string} message
   * @param {boolean} isError
   */
  function setStatus(message, isError) {
    if (!statusEl) return;
    statusEl.textContent = message;
    if (isError) statusEl.classList.add('error');
    else statusEl.classList.remove('error');
  }

  /**
   * Everything after the checks above, with the canvas and its context known to exist.
   * @param {HTMLCanvasElement} canvas
   * @param {CanvasRenderingContext2D} ctx
   */
  function run(canvas, ctx) {
    var reducedMotion = false;
    try {
      reducedMotion = !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
    } catch {
      reducedMotion = false;
    }

    /** @type {{ points: GlobePoint[], loaded: boolean, reported: boolean, hovering: boolean, rotation: number, lastTime: number, width: number, height: number, dpr: number, drawn: DrawnPoint[] }} */
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
      drawn: [], // screen positions of the points visible in the last frame
    };

    /** @param {number} n */
    function formatNumber(n) {
      try {
        return n.toLocaleString('en-US');
      } catch {
        return String(n);
      }
    }

    /**
     * @param {unknown} v
     * @returns {v is number}
     */
    function isFiniteNumber(v) {
      return typeof v === 'number' && isFinite(v);
    }

    /**
     * The points of an untrusted /api/v1/globe answer, each field checked; null when it has none.
     * @param {any} raw
     * @returns {GlobePoint[] | null}
     */
    function sanitize(raw) {
      var list = raw && Array.isArray(raw.points) ? raw.points : null;
      if (!list) return null;
      /** @type {GlobePoint[]} */
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
    /**
     * @param {number} lat
     * @param {number} lon
     * @param {number} cx
     * @param {number} cy
     * @param {number} r
     */
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

    /**
     * @param {number[][]} samples [lat, lon] pairs
     * @param {number} cx
     * @param {number} cy
     * @param {number} r
     */
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

    /**
     * @param {number} cx
     * @param {number} cy
     * @param {number} r
     */
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

    /**
     * @param {number} cx
     * @param {number} cy
     * @param {number} r
     */
    function drawGraticule(cx, cy, r) {
      var step = 30;
      var lat;
      var lon;
      /** @type {number[][]} */
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

    /**
     * @param {number} count
     * @param {number} r
     */
    function pointRadius(count, r) {
      var base = Math.max(2, r / 110);
      return Math.min(base + Math.sqrt(count) * 1.6, r / 9);
    }

    /**
     * @param {number} cx
     * @param {number} cy
     * @param {number} r
     */
    function drawPoints(cx, cy, r) {
      /** @type {DrawnPoint[]} */
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

    /** @param {number} time */
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
      } catch {
        setStatus('The globe could not be drawn.', true);
        return;
      }
      window.requestAnimationFrame(frame);
    }

    /**
     * @param {number} clientX
     * @param {number} clientY
     */
    function hitTest(clientX, clientY) {
      var rect = canvas.getBoundingClientRect();
      var x = clientX - rect.left;
      var y = clientY - rect.top;
      /** @type {DrawnPoint | null} */
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

    /** @param {number} total */
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
        .then(
          /** @param {any} data */ function (data) {
            var points = sanitize(data);
            if (!points) throw new Error('unexpected response');
            var sum = 0;
            /** @type {GlobePoint | null} */
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
          },
        )
        .catch(
          /** @param {any} err */ function (err) {
            var detail = err && err.message ? ' (' + err.message + ')' : '';
            setStatus('Member locations could not be loaded' + detail + '.', true);
          },
        );
    }

    window.addEventListener('resize', resize);
    resize();
    load();
    window.requestAnimationFrame(frame);
  }
})();
