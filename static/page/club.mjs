// Club mode's part in the browser (plateau.web.club_page): one RTCPeerConnection
// and one ordered data channel per device, no STUN/TURN server (the devices
// must share a network), the whole description gathered before it is put in a
// code; QR codes drawn (qrcode-generator) and read (BarcodeDetector, jsQR
// elsewhere), the libraries loaded from the site's own copies when first
// needed. Every message received is kept in `received` (what a device was sent
// can be checked). Loaded by the boot module (static/pyodide-boot.mjs) before
// Python runs, as globalThis.plateauPage.club; nothing happens until club mode
// calls it.

/** Club mode's connections, made at the first call (then window.plateauClub). */
export function club() {
  if (window.plateauClub) return window.plateauClub;
  const pcs = new Map(), chans = new Map();
  const C = { received: [], handler: null, paints: [] };
  const gathered = (pc) => new Promise((ok) => {
    if (pc.iceGatheringState === 'complete') return ok();
    pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && ok());
    setTimeout(ok, 10000);
  });
  const tell = (kind, id, data) => { if (C.handler) C.handler(kind, id, data === undefined ? '' : data); };
  const wire = (id, ch) => {
    chans.set(id, ch);
    ch.onopen = () => tell('open', id);
    ch.onclose = () => tell('close', id);
    // a connection closed (a device dropped for flooding the host) hands on nothing it had queued
    ch.onmessage = (e) => { if (chans.get(id) !== ch) return; C.received.push(String(e.data)); tell('message', id, String(e.data)); };
  };
  const fresh = (id) => {
    const old = pcs.get(id); if (old) { try { old.close(); } catch (e) {} }
    const pc = new RTCPeerConnection({ iceServers: [] });
    pcs.set(id, pc);
    pc.addEventListener('connectionstatechange', () => {
      if (pcs.get(id) === pc && (pc.connectionState === 'failed' || pc.connectionState === 'closed')) tell('close', id);
    });
    return pc;
  };
  C.offer = async (id) => {
    const pc = fresh(id);
    wire(id, pc.createDataChannel('plateau', { ordered: true }));
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    return pc.localDescription.sdp;
  };
  C.accept = async (id, sdp) => { await pcs.get(id).setRemoteDescription({ type: 'answer', sdp }); };
  C.answer = async (id, sdp) => {
    const pc = fresh(id);
    pc.ondatachannel = (e) => wire(id, e.channel);
    await pc.setRemoteDescription({ type: 'offer', sdp });
    // the guest answers as the encrypted handshake's server (DTLS "passive"): the host starts it, over the
    // path it checked with this guest's keys; as its client, another device that answered the same code
    // (the link opened on a second browser) could reach the host first, and the host would then refuse
    // this guest's certificate
    const answer = await pc.createAnswer();
    await pc.setLocalDescription({ type: 'answer', sdp: answer.sdp.replace('a=setup:active', 'a=setup:passive') });
    await gathered(pc);
    return pc.localDescription.sdp;
  };
  C.send = (id, text) => {
    const ch = chans.get(id);
    if (!ch || ch.readyState !== 'open') return false;
    ch.send(text); return true;
  };
  // when a position received or played here is on screen (bench/bench_club.py reads these, in epoch ms)
  C.painted = () => requestAnimationFrame(() => setTimeout(() => C.paints.push(performance.timeOrigin + performance.now()), 0));
  // each connection's states, for a message when a pairing does not complete
  C.states = () => JSON.stringify([...pcs].map(([id, pc]) => [id, pc.connectionState, pc.iceConnectionState,
                                                              (chans.get(id) || {}).readyState || '']));
  C.close = (id) => { const pc = pcs.get(id); if (pc) pc.close(); pcs.delete(id); chans.delete(id); };
  C.load = (src) => new Promise((ok, bad) => {
    if (document.querySelector(`script[data-club="${src}"]`)) return ok();
    const s = document.createElement('script');
    s.src = src; s.dataset.club = src; s.onload = () => ok(); s.onerror = () => bad(new Error(src));
    document.head.appendChild(s);
  });
  C.qr = (text) => {
    const q = qrcode(0, 'L'); q.addData(text, 'Byte'); q.make();
    return q.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
  };
  // the camera, read until a QR code shows (BarcodeDetector where the browser has it, jsQR elsewhere)
  // the player's Stop, at any moment of a scan (before the camera has even started)
  C.stopScan = () => { C.scanStopped = true; if (C.scanStream) C.scanStream.getTracks().forEach((t) => t.stop()); };
  C.scan = async (video) => {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
    C.scanStream = stream;
    const stop = () => stream.getTracks().forEach((t) => t.stop());
    if (C.scanStopped) { stop(); return ''; }
    video.srcObject = stream; await video.play();
    const det = ('BarcodeDetector' in window) ? new BarcodeDetector({ formats: ['qr_code'] }) : null;
    const canvas = document.createElement('canvas'), ctx = canvas.getContext('2d', { willReadFrequently: true });
    try {
      for (;;) {
        if (!stream.active || C.scanStopped) return '';
        await new Promise((r) => requestAnimationFrame(r));
        if (!video.videoWidth) continue;
        if (det) {
          const found = await det.detect(video);
          if (found.length) return found[0].rawValue;
          continue;
        }
        canvas.width = video.videoWidth; canvas.height = video.videoHeight;
        ctx.drawImage(video, 0, 0);
        const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
        const code = jsQR(img.data, img.width, img.height);
        if (code) return code.data;
      }
    } finally { stop(); }
  };
  // While a game with other devices is open: the screen kept on (Screen Wake Lock; the browser lets it go
  // when the page is hidden, so it is asked again when the page comes back) and, on the host, a question
  // before the page is closed or reloaded. `awake`: 'off', 'on', 'unavailable' (no Wake Lock here: an
  // insecure page, an older browser) or 'refused'.
  let lock = null, wanted = false;
  C.awake = 'off';
  const ask = async () => {
    if (!wanted || lock || document.visibilityState !== 'visible') return C.awake;
    if (!('wakeLock' in navigator)) { C.awake = 'unavailable'; return C.awake; }
    try {
      lock = await navigator.wakeLock.request('screen');
      C.awake = 'on';
      lock.addEventListener('release', () => { lock = null; });
    } catch (e) { C.awake = 'refused'; }
    return C.awake;
  };
  document.addEventListener('visibilitychange', () => { ask(); });
  C.keepAwake = async (on) => {
    wanted = !!on;
    if (wanted) return ask();
    const held = lock; lock = null; C.awake = 'off';
    if (held) await held.release();
    return C.awake;
  };
  const leaving = (e) => { e.preventDefault(); e.returnValue = ''; };
  C.askBeforeLeaving = (on) => {
    window.removeEventListener('beforeunload', leaving);
    if (on) window.addEventListener('beforeunload', leaving);
  };
  window.plateauClub = C;
  return C;
}
