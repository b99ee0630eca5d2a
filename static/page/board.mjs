// What Python asks of the board shown in one call into the page (each call
// from Python crosses into JavaScript on its own: a call per node costs tens of
// microseconds, and a board has hundreds of targets). Loaded by the boot
// module (static/pyodide-boot.mjs) before Python runs, as
// globalThis.plateauPage.readAttrs, .smallestText and .hitTarget.

/** The values of attribute `name` on the nodes under `root` that match `sel`, joined by NUL
 * (plateau.web.dom.attr_values). */
export function readAttrs(root, sel, name) {
  return Array.from(root.querySelectorAll(sel), (n) => n.getAttribute(name) || '').join('\u0000');
}

/** The smallest size, on screen, of the board's visible text (CSS px at the zoom drawn now), 0 when
 * it has none (plateau.web.play, the zoom a phone needs); the strip under it (Game.render_strip) is
 * not zoomed and is left out. */
export function smallestText(board) {
  let least = Infinity;
  for (const t of board.querySelectorAll('svg text')) {
    const r = t.getBoundingClientRect();
    if (!r.width || !r.height || t.closest('[aria-hidden="true"]')) continue;
    const m = t.getScreenCTM();
    if (m) least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
  }
  return least === Infinity ? 0 : least;
}

/** The highlighted target a click or tap at (x, y) means, or null (plateau.web.play,
 * PlayView.target_at, which says how): `under` is the element under the pointer, `radius` how far
 * (CSS px) a point on no target is forgiven to the nearest one. */
export function hitTarget(board, under, x, y, radius) {
  const shapeOf = (el) => {
    const n = el && el.closest ? el.closest('[data-target]') : null;
    return n && board.contains(n) && n.closest('svg, .board-strip') ? n : null;
  };
  const shape = (p) => shapeOf(document.elementFromPoint(p[0], p[1]));
  const kind = (n) => [...n.classList].filter((c) => c !== 'target' && c !== 'selected').sort().join(' ');
  const start = shapeOf(under);
  if (start !== null && start.classList.contains('target')) return start;
  const own = start === null ? null : kind(start);
  const DIRS = 24, STEP = 1.5;
  const blocked = new Uint8Array(DIRS);
  for (let r = STEP; r <= radius + 1e-6; r += STEP) {
    const hits = new Map();
    for (let i = 0; i < DIRS; i++) {
      if (blocked[i]) continue;
      const a = 2 * Math.PI * i / DIRS;
      const n = shape([x + r * Math.cos(a), y + r * Math.sin(a)]);
      if (n === null || n === start) continue;
      if (n.classList.contains('target') && kind(n) !== own) hits.set(n, (hits.get(n) || 0) + 1);
      else blocked[i] = 1;  // another shape of the board: a border this ray does not cross
    }
    let best = null, most = 0;
    for (const [n, k] of hits) if (k > most) { best = n; most = k; }
    if (best !== null) return best;
  }
  return null;
}
