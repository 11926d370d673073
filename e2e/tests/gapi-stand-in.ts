/**
 * A stand-in for Google's `https://apis.google.com/js/api.js`, served through Playwright's `route`
 * because this machine has no internet. Firebase Auth's popup flow against the Auth emulator needs
 * only `gapi.iframes`: the app page opens the emulator's helper iframe and exchanges messages with
 * it (`register` / `send` / `ping`); the emulator's popup hands the sign-in result to that iframe,
 * which sends it on to the page. This implements that message channel over `postMessage`; it is
 * test scaffolding for the network, not a mock of the product: Firebase Auth, the emulator's popup
 * and its iframe are the real ones.
 */
export const GAPI_STAND_IN = `(() => {
  if (window.gapi && window.gapi.iframes) return;
  const FILTER = 'cross-origin-iframes';
  const handlers = {};
  const queued = {};
  const pending = {};
  let seq = 0;

  function deliver(name, data, source, id) {
    const handler = handlers[name];
    if (!handler) {
      (queued[name] = queued[name] || []).push([data, source, id]);
      return;
    }
    let result;
    try { result = handler(data); } catch (e) { result = { status: 'ERROR' }; }
    source.postMessage({ __gapiStandIn: 'reply', id, result: [result] }, '*');
  }

  window.addEventListener('message', (e) => {
    const m = e.data;
    if (!m || typeof m !== 'object' || !m.__gapiStandIn) return;
    if (m.__gapiStandIn === 'call') deliver(m.name, m.data, e.source, m.id);
    if (m.__gapiStandIn === 'reply') {
      const cb = pending[m.id];
      delete pending[m.id];
      try { if (cb) cb(m.result); } catch (_) { /* as gapi: a callback's error stays in the callback */ }
    }
  });

  function channel(target) {
    return {
      register(name, handler) {
        handlers[name] = handler;
        for (const [data, source, id] of queued[name] || []) deliver(name, data, source, id);
        delete queued[name];
      },
      send(name, data, cb) {
        const id = ++seq;
        pending[id] = cb;
        target().postMessage({ __gapiStandIn: 'call', id, name, data }, '*');
      },
    };
  }

  const context = {
    open(options, opened) {
      const frame = document.createElement('iframe');
      const attributes = options.attributes || {};
      for (const [key, value] of Object.entries(attributes)) {
        if (key === 'style') Object.assign(frame.style, value);
        else frame.setAttribute(key, String(value));
      }
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      const iframe = Object.assign(channel(() => frame.contentWindow), {
        restyle: () => Promise.resolve(),
        ping(cb) { return loaded.then(() => { cb(); }); },
      });
      return opened(iframe);
    },
    getParentIframe: () => channel(() => window.parent),
  };

  window.gapi = {
    load(_module, callbacks) {
      const callback = typeof callbacks === 'function' ? callbacks : callbacks.callback;
      setTimeout(callback, 0);
    },
    iframes: { CROSS_ORIGIN_IFRAMES_FILTER: FILTER, Iframe: function Iframe() {}, getContext: () => context },
  };

  const script = document.currentScript;
  const onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  const ready = (onload && window[onload]) || window.gapi_onload;
  if (typeof ready === 'function') setTimeout(ready, 0);
})();`;
