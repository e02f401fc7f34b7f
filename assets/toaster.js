/**
 * Reflex's toast provider (sonner's <Toaster/>, Reflex's `refs.__toast`) without sonner until a
 * toast is asked for: our pages show no toast of their own, and Reflex's connection and
 * backend-error toasts are rare. Loading sonner on every view cost ~10 KB gzipped and, once it
 * ran, a main-thread task of ~70 ms on a slow phone (its stylesheet and <Toaster/>) while the
 * page was becoming usable. A call made before sonner arrives waits for it instead of being lost;
 * the service worker precaches sonner's chunk (assets/toast_library.js), so the toast for a lost
 * connection still comes when the network is gone.
 *
 * student_portal/components/toaster.py passes this as rx.App(toaster=...). No JSX: the file is
 * served as is to Vite, like the rest of assets/.
 */
import { createElement, useContext, useEffect, useState } from "react";
import { refs } from "$/utils/state";
import { ColorModeContext } from "$/utils/context";

let sonner = null; // import() of sonner's module, once asked for
// Offline, without the worker's copy, the import fails: no toast, and the next call retries.
const load = () =>
  (sonner ??= import("$/public/toast_library.js").catch((error) => {
    sonner = null;
    throw error;
  }));
let reveal = () => {}; // the mounted LazyToaster's: render sonner's <Toaster/>
const fetchSonner = () => load().then((module) => reveal(module), () => {});

// Resolves with sonner once its <Toaster/> is mounted (and subscribed): a toast shown earlier
// would be published to no one.
let mounted;
const ready = new Promise((resolve) => (mounted = resolve));

// refs.__toast until then: toast(...), toast.error(...) fetch sonner and wait for it, in order.
// toast.dismiss(...) before any toast was asked for has nothing to dismiss (the connection toast
// dismisses its toast whenever the page connects): it fetches nothing.
let asked = false; // a toast was asked for: a later dismiss must follow it
const waiting = new Proxy(function toast() {}, {
  apply: (_target, _this, args) => {
    asked = true;
    fetchSonner();
    ready.then((module) => module.toast(...args));
  },
  get: (_target, name) => (...args) => {
    if (name === "dismiss" && !asked) return;
    asked = true;
    fetchSonner();
    ready.then((module) => module.toast[name](...args));
  },
});
refs["__toast"] = waiting;

export function LazyToaster(props) {
  const { resolvedColorMode } = useContext(ColorModeContext);
  const [module, setModule] = useState(null);
  useEffect(() => {
    reveal = (loaded) => setModule(() => loaded);
    if (sonner) fetchSonner(); // asked for before this mounted
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
