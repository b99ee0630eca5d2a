// The board updated in place (plateau.web.dom.morph): the game's renderer
// still draws the whole position as markup, which is parsed out of the page (a
// <template>) and laid over the nodes already shown. Nodes are matched by `id`
// or `data-target` where they have one, else by position and tag; only what
// differs is written (attributes, text, nodes added or removed), so the
// browser restyles and lays out only the elements whose state changed, and
// focus and hover stay.
//
// Most of a drawing is the same markup as the last one (a map's terrain, the
// squares nobody may click now): the page remembers the markup each element
// near the top of the board (`KEEP_DEPTH` levels) was drawn from, and an
// element whose markup comes again, character for character, is neither
// parsed nor compared: a placeholder stands for it in the markup parsed, and
// the node shown stays. The markup is cut into elements by its tags (the
// renderers' markup escapes `<` and `>` in text and attribute values); an
// element is remembered only when the nodes parsed from it have the tags and
// the number of children its markup says.
//
// Loaded by the boot module (static/pyodide-boot.mjs) before Python runs, as
// globalThis.plateauPage.morph.

/** Make `root`'s children those of `html`, changing only the nodes that differ from what is shown. */
export function morph(root, html) {
  const KEEP_DEPTH = 4;
  const KEEP = 'data-morph-keep';
  const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source',
                        'track', 'wbr']);
  const TAG = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<!DOCTYPE[^>]*>|<\?[\s\S]*?\?>|<(\/?)([A-Za-z][^\s\/>]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
  // the elements of ``html`` down to KEEP_DEPTH levels: {tag, start, end, kids}, or null when its tags do not nest
  const cut = (html) => {
    const top = {kids: []};
    const stack = [top];
    TAG.lastIndex = 0;
    let m;
    while ((m = TAG.exec(html)) !== null) {
      if (m[2] === undefined) continue;  // a comment, CDATA…
      const name = m[2].toLowerCase();
      if (m[1]) {  // </name>
        const e = stack.pop();
        if (stack.length === 0 || e.tag !== name) return null;
        e.end = TAG.lastIndex;
        continue;
      }
      const e = {tag: name, start: m.index, end: TAG.lastIndex, kids: []};
      const par = stack[stack.length - 1];
      if (stack.length <= KEEP_DEPTH) par.kids.push(e); else par.deep = true;
      if (!m[4] && !VOID.has(name)) stack.push(e);
    }
    return stack.length === 1 ? top.kids : null;
  };
  const KEY = (n) => n.nodeType === 1 ? (n.getAttribute('id') || n.getAttribute('data-target') || '') : '';
  const attrs = (a, b) => {
    const ba = b.attributes;
    for (let i = 0; i < ba.length; i++) {
      const at = ba[i];
      if (a.getAttributeNS(at.namespaceURI, at.localName) !== at.value) a.setAttributeNS(at.namespaceURI, at.name, at.value);
    }
    const aa = a.attributes;
    for (let i = aa.length - 1; i >= 0; i--) {
      const at = aa[i];
      if (!b.hasAttributeNS(at.namespaceURI, at.localName)) a.removeAttributeNS(at.namespaceURI, at.localName);
    }
  };
  const kept = [];  // node shown, by placeholder number
  const reserved = new Set();  // the nodes shown that placeholders stand for: never matched to another node
  const keptOf = (n) => n.nodeType === 1 && n.hasAttribute(KEEP) ? kept[+n.getAttribute(KEEP)] : null;
  const node = (a, b) => {
    if (a.nodeType !== 1) {
      if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue;
      return;
    }
    if (a.isEqualNode(b)) return;
    attrs(a, b);
    children(a, b);
  };
  const same = (a, b) => a.nodeType === b.nodeType && a.nodeName === b.nodeName;
  const loose = (c) => c && !KEY(c) && !reserved.has(c);  // a node shown that may be matched by position
  const children = (par, src) => {
    // the keyed nodes the new markup has; an old keyed node it lacks (or has as another tag) goes at
    // once, so that it never stands between the cursor and the nodes that stay
    const want = new Map();
    for (let c = src.firstChild; c; c = c.nextSibling) {
      const k = KEY(c);
      if (k && !want.has(k)) want.set(k, c.nodeName);
    }
    const keyed = new Map();
    for (let c = par.firstChild; c; ) {
      const next = c.nextSibling;
      const k = reserved.has(c) ? '' : KEY(c);
      if (k) {
        if (want.get(k) === c.nodeName && !keyed.has(k)) keyed.set(k, c);
        else par.removeChild(c);
      }
      c = next;
    }
    let o = par.firstChild;
    for (let n = src.firstChild; n; ) {
      const next = n.nextSibling;
      const stay = keptOf(n);
      if (stay) {  // a node shown whose markup came again: it stays as it is
        if (stay !== o) {
          if (o && stay.parentNode === par && (o.compareDocumentPosition(stay) & Node.DOCUMENT_POSITION_FOLLOWING)) {
            for (let c = o; c !== stay; ) {  // the loose nodes before it go; keyed ones are moved when matched
              const nc = c.nextSibling;
              if (loose(c)) par.removeChild(c);
              c = nc;
            }
          } else {
            par.insertBefore(stay, o);
          }
        }
        o = stay.nextSibling;
        reserved.delete(stay);
        n = next;
        continue;
      }
      const k = KEY(n);
      let match = null;
      if (k) {
        const m = keyed.get(k);
        if (m && m.nodeName === n.nodeName) { match = m; keyed.delete(k); }
      } else if (loose(o)) {
        if (same(o, n)) {
          match = o;
        } else if (loose(o.nextSibling) && same(o.nextSibling, n)) {
          const gone = o;  // one node fewer here: the next one is this one
          o = o.nextSibling;
          par.removeChild(gone);
          match = o;
        }
      }
      if (match === null) {
        par.insertBefore(n, o);  // a new node: moved over from the parsed markup
      } else {
        if (match === o) o = o.nextSibling;
        else par.insertBefore(match, o);
        node(match, n);
      }
      n = next;
    }
    while (o) {  // the nodes the new markup no longer has (a node a placeholder stands for goes to it)
      const gone = o;
      o = o.nextSibling;
      if (!reserved.has(gone)) par.removeChild(gone);
    }
  };
  // the last markup laid in root, and what its elements made, kept with the first node it made there: a
  // drawing put aside and shown again (a tournament's other table) finds its own
  const memo = globalThis.__plateauMorphed || (globalThis.__plateauMorphed = new WeakMap());
  // (made elsewhere and moved here: its nodes are used only where they are under root, ``free``)
  const last = (root.firstChild && memo.get(root.firstChild)) || null;
  if (last && last.html === html) return;
  const tree = cut(html);
  // the markup of the elements shown near the top (the last drawing's), each with its node
  const shown = new Map();
  if (tree && last) {
    for (const [src, nodes] of last.shown) shown.set(src, nodes.slice());
  }
  let parsed = html;
  // a node shown may stand for an element of the new markup when it is still on the board and neither
  // holds nor is inside a node already standing for another (it would lose or take that node)
  const holding = new Set();
  const free = (n) => {
    if (holding.has(n)) return false;
    for (let a = n; a !== root; a = a.parentNode) if (a === null || reserved.has(a)) return false;
    return true;
  };
  if (shown.size) {  // the elements drawn as before become placeholders, shallowest first
    const parts = [];
    let at = 0;
    const swap = (els) => {
      for (const e of els) {
        const src = html.slice(e.start, e.end);
        const nodes = shown.get(src);
        let stay = null;
        while (nodes && nodes.length && stay === null) {
          const n = nodes.shift();
          if (free(n)) stay = n;
        }
        if (stay !== null) {
          for (let a = stay.parentNode; a !== root; a = a.parentNode) holding.add(a);
          const ph = '<' + e.tag + ' ' + KEEP + '="' + kept.length + '">';
          parts.push(html.slice(at, e.start), VOID.has(e.tag) ? ph : ph + '</' + e.tag + '>');
          at = e.end;
          kept.push(stay);
          reserved.add(stay);
          e.kept = stay;
        } else {
          swap(e.kids);
        }
      }
    };
    swap(tree);
    parts.push(html.slice(at));
    parsed = parts.join('');
  }
  const tpl = document.createElement('template');
  tpl.innerHTML = parsed;
  children(root, tpl.content);
  if (reserved.size) {  // placeholders inside a node that was new as a whole
    for (const ph of root.querySelectorAll('[' + KEEP + ']')) {
      const stay = kept[+ph.getAttribute(KEEP)];
      ph.replaceWith(stay);
      reserved.delete(stay);
    }
  }
  // what each element near the top was drawn from, for the next drawing (only where the nodes parsed
  // have the elements the markup was cut into)
  const remembered = new Map();
  const note = (par, els) => {
    let c = par.firstElementChild;
    for (const e of els) {
      if (c === null || c.localName.toLowerCase() !== e.tag) return false;
      if (e.kept || e.deep || (c.childElementCount === e.kids.length && note(c, e.kids))) {
        const src = html.slice(e.start, e.end);
        const nodes = remembered.get(src);
        if (nodes) nodes.push(c); else remembered.set(src, [c]);
      }
      c = c.nextElementSibling;
    }
    return c === null;
  };
  if (tree) note(root, tree);
  // remembered as long as its first node lives (the board shown, or one put aside)
  if (root.firstChild) memo.set(root.firstChild, {html, shown: remembered});
}
