// Reading what Python's start needs, off the page's main thread: the
// interpreter snapshot, if this browser's cache holds it (the build's sparse
// file: the memory rebuilt), and Plateau's bundle (a gzip-compressed zip:
// inflated, its files listed). boot.js runs this module as a worker as the page
// starts, so that the page's thread parses and paints the home page
// meanwhile (reading a 14 MB response into memory holds the thread that reads
// it); the boot module (pyodide-boot.mjs) imports the same functions and does
// the work itself when no worker could.
//
// Worker messages: in {bundle: url, snapshot: url or ""}; out, once each,
// {bundle: [[name, bytes], ...]} or {bundleError: text}, and, with a
// snapshot's url, first {snapshotCached: whether the cache holds it}, then
// {snapshot: the memory's bytes, or null if not in the cache} or
// {snapshotError: text} (a file that cannot be used, or cut short).

// The files of a zip archive, [name, Uint8Array] (the build stores them;
// deflated entries are read too, more slowly).
export async function unzip(buf) {
  const bytes = new Uint8Array(buf);
  const view = new DataView(buf);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) { end = i; break; }
  }
  if (end < 0) throw new Error("Plateau's bundle is not a zip archive");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const out = [];
  for (let k = 0; k < count; k++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("Plateau's bundle: damaged directory");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLen = view.getUint16(at + 28, true);
    const extraLen = view.getUint16(at + 30, true);
    const commentLen = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLen));
    at += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith("/")) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    if (method === 0) out.push([name, Promise.resolve(data)]);
    else if (method === 8) {
      const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      out.push([name, new Response(stream).arrayBuffer().then((b) => new Uint8Array(b))]);
    } else throw new Error(`Plateau's bundle: ${name} is compressed in a way this page cannot read`);
  }
  return Promise.all(out.map(async ([name, data]) => [name, await data]));
}

// The bundle's bytes as the server sent them: inflated (unless the host did),
// then listed.
export async function readBundle(buf) {
  const head = new Uint8Array(buf, 0, Math.min(2, buf.byteLength));
  if (head[0] === 0x1f && head[1] === 0x8b) {  // gzip (a host may have inflated it already)
    const stream = new Blob([buf]).stream().pipeThrough(new DecompressionStream("gzip"));
    buf = await new Response(stream).arrayBuffer();
  }
  return unzip(buf);
}

export function fetchBundle(url) {
  return fetch(url, { credentials: "same-origin" }).then((res) => {
    if (!res.ok) throw new Error(`Plateau's bundle: ${res.status} ${res.statusText} (${url})`);
    return res.arrayBuffer();
  });
}

// A file if this browser already holds it (null otherwise), without any
// download: the snapshot.
export function cachedFile(url) {
  return cachedResponse(url).then((res) => (res ? res.arrayBuffer() : null)).catch(() => null);  // cut short
}

// The cache's response for a file (its body not read yet), null if not there.
export function cachedResponse(url) {
  return fetch(url, { cache: "only-if-cached", mode: "same-origin", credentials: "same-origin" })
    .then((res) => (res.ok ? res : null), () => null);
}

// The build's file holds the snapshot's non-zero pages only (scripts/sitebuild/snapshot.py,
// `sparse`): "PLSN", u32 format (1), length, page size, a bitmap of the pages
// present, the pages.
export function unsparse(buf) {
  const head = new DataView(buf, 0, 16);
  if (head.getUint32(0, false) !== 0x504c534e || head.getUint32(4, true) !== 1) {
    throw new Error("not a Plateau snapshot file");
  }
  const length = head.getUint32(8, true);
  const page = head.getUint32(12, true);
  const pages = Math.ceil(length / page);
  const bitmap = new Uint8Array(buf, 16, Math.ceil(pages / 8));
  const out = new Uint8Array(length);
  let at = 16 + bitmap.length;
  for (let i = 0; i < pages; i++) {
    if (!(bitmap[i >> 3] & (1 << (i & 7)))) continue;
    const n = Math.min(page, length - i * page);
    if (at + n > buf.byteLength) throw new Error("truncated snapshot file");
    out.set(new Uint8Array(buf, at, n), i * page);
    at += n;
  }
  if (at !== buf.byteLength) throw new Error("snapshot file of the wrong size");
  return out;
}

if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) {
  self.onmessage = ({ data }) => {
    if (data.snapshot) {  // first: Python's start waits for it
      // whether the cache holds it, as soon as the cache answers (the page
      // starts the runtime's way then), and the memory once it is read
      const res = cachedResponse(data.snapshot);
      res.then((r) => self.postMessage({ snapshotCached: !!r }));
      res.then((r) => (r ? r.arrayBuffer() : null)).then((buf) => (buf ? unsparse(buf) : null)).then(
        (memory) => self.postMessage({ snapshot: memory }, memory ? [memory.buffer] : []),
        (e) => self.postMessage({ snapshotError: String((e && e.message) || e) }));
    }
    fetchBundle(data.bundle).then(readBundle).then(
      (files) => self.postMessage({ bundle: files }, [...new Set(files.map(([, b]) => b.buffer))]),
      (e) => self.postMessage({ bundleError: String((e && e.message) || e) }));
  };
}
