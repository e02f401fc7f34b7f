/**
 * Reflex's toast provider (sonner's <Toaster/>, Reflex's `refs.__toast`) without sonner on the
 * first view: sonner (~10 KB gzipped, in every page's root chunk otherwise) is fetched once the
 * page has loaded and the browser is idle. Our pages show no toast of their own; Reflex's
 * connection and backend-error toasts come seconds later if ever, and a call made before sonner
 * arrives waits for it instead of being lost.
 *
 * student_portal/components/toaster.py passes this as rx.App(toaster=...). No JSX: the file is
 * served as is to Vite, like the rest of assets/.
 */
import { createElement, useContext, useEffect, useState } from "react";
import { refs } from "$/utils/state";
import { ColorModeContext } from "$/utils/context";

let sonner = null; // import("sonner"), once asked for
// Offline (a page the service worker serves) the import fails: no toast, and the next call retries.
const load = () =>
  (sonner ??= import("sonner").catch((error) => {
    sonner = null;
    throw error;
  }));
let reveal = () => {}; // the mounted LazyToaster's: render sonner's <Toaster/>
const fetchSonner = () => load().then((module) => reveal(module), () => {});

// Resolves with sonner once its <Toaster/> is mounted (and subscribed): a toast shown earlier
// would be published to no one.
let mounted;
const ready = new Promise((resolve) => (mounted = resolve));

// refs.__toast until then: toast(...), toast.error(...), toast.dismiss(...) wait for sonner.
const waiting = new Proxy(function toast() {}, {
  apply: (_target, _this, args) => {
    fetchSonner();
    ready.then((module) => module.toast(...args));
  },
  get: (_target, name) => (...args) => {
    fetchSonner();
    ready.then((module) => module.toast[name](...args));
  },
});
refs["__toast"] = waiting;

function whenIdle(run) {
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 1));
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

export function LazyToaster(props) {
  const { resolvedColorMode } = useContext(ColorModeContext);
  const [module, setModule] = useState(null);
  useEffect(() => {
    reveal = (loaded) => setModule(() => loaded);
    whenIdle(fetchSonner);
    return () => {
      reveal = () => {};
    };
  }, []);
  useEffect(() => {
    if (!module) return;
    refs["__toast"] = module.toast;
    mounted(module);
  }, [module]);
  return module ? createElement(module.Toaster, { ...props, theme: resolvedColorMode }) : null;
}
