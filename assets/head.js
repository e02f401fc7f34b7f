// Theme before the first paint, the bundle's chunks after it, the language switch (and a tab's state
// per language), the Login link's way back, Escape in the header's menus, and YouTube's API script
// failing to load:
// student_portal/components/head_script.py.
(() => {
  const YOUTUBE_API = "https://www.youtube.com/iframe_api";
  const root = document.documentElement;
  const system = matchMedia("(prefers-color-scheme: dark)");
  const saved = () => {
    try {
      return localStorage.getItem("theme");
    } catch {
      return null;
    }
  };
  let dark = false;
  const settle = () => {
    if (root.classList.contains("dark") !== dark) root.classList.toggle("dark", dark);
    // Checked first: a DOMTokenList write sets the attribute even when nothing changes (a loop).
    if (dark && root.classList.contains("light")) root.classList.remove("light");
    if (root.style.colorScheme !== (dark ? "dark" : "light")) root.style.colorScheme = dark ? "dark" : "light";
  };
  const apply = (value) => {
    dark = value;
    settle();
  };
  // Reflex's theme provider (the app's root) writes the class too, from the system setting and
  // a choice it never hears of (ours): after a system change, or a tap as the page hydrates, it
  // undid the student's choice. Whatever else writes it, ours is put back.
  new MutationObserver(settle).observe(root, { attributes: true, attributeFilter: ["class", "style"] });
  const update = () => {
    const theme = saved();
    apply(theme === "dark" || (theme !== "light" && system.matches));
  };
  update();
  // A tab's state on the server (Reflex's, named by the tab's sessionStorage "token") holds rows
  // written in the language of the page that loaded them, and a page load shows them until the
  // page's own arrive: a page in another language starts the tab afresh, as a new tab does.
  // Reflex's key for it is pinned by tests/unit/test_reflex_internals.py.
  try {
    if (sessionStorage.getItem("page-language") !== root.lang) {
      sessionStorage.removeItem("token");
      sessionStorage.setItem("page-language", root.lang);
    }
  } catch {}
  // The bundle's chunks once the page's content is painted: the build keeps their modulepreload
  // links in this template, and gives the module script that starts the app a type no browser
  // runs (student_portal/build/script_priority.py). A browser without paint timing takes them
  // after its first frame (rAF runs just before it, the timeout after); a hidden tab paints
  // nothing, so it takes them at DOMContentLoaded. The module script runs once the page is also
  // parsed (it may paint before the parser reaches it): a copy, text unchanged for the CSP hash.
  let preloaded = false;
  const start = () => {
    for (const held of document.querySelectorAll('script[type="text/x-module-after-paint"]')) {
      const script = document.createElement("script");
      script.type = "module";
      script.textContent = held.textContent;
      document.head.append(script);
    }
  };
  const preload = () => {
    if (preloaded) return;
    preloaded = true;
    const links = document.getElementById("hydration-preloads");
    if (links) document.head.append(links.content.cloneNode(true));
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
    else start();
  };
  if (window.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      preload();
    }).observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(preload));
  }
  document.addEventListener("DOMContentLoaded", () => document.hidden && preload());
  // A page that never paints anything contentful (all of it hidden, say) must still start.
  addEventListener("load", () => setTimeout(preload, 3000));
  // Our Sinhala/Tamil faces once the page's scripts are in (assets/styles/fonts.css).
  document.addEventListener("DOMContentLoaded", () => root.classList.add("fonts"));
  system.addEventListener("change", update);
  addEventListener("storage", (event) => event.key === "theme" && update());
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element && event.target.closest("[data-theme-toggle]"))) return;
    try {
      localStorage.setItem("theme", dark ? "light" : "dark");
    } catch {}
    apply(!dark);
  });
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[data-language]") : null;
      if (!link) return;
      const language = link.dataset.language;
      document.cookie = `lang=${language}; path=/; max-age=31536000; samesite=lax`;
      const english = location.pathname.replace(/^\/(si|ta)(?=\/|$)/, "") || "/";
      const path = language === "en" ? english : `/${language}${english === "/" ? "/" : english}`;
      event.preventDefault();
      location.assign(path + location.search + location.hash);
    },
    true,
  );
  // A link marked data-remember-page keeps the page it was followed from (sessionStorage, under
  // the key it names): the Login link's way back after sign-in (components/auth_button.py).
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[data-remember-page]") : null;
      if (!link) return;
      try {
        sessionStorage.setItem(link.dataset.rememberPage, location.pathname + location.search);
      } catch {}
    },
    true,
  );
  // Escape inside an open menu (a <details> marked data-closes-on-escape) closes it and gives the
  // focus back to its toggle, as a dialog does: here, so it works before the app has started.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !(event.target instanceof Element)) return;
    const menu = event.target.closest("details[open][data-closes-on-escape]");
    if (!menu) return;
    menu.open = false;
    menu.querySelector("summary")?.focus();
  });
  // Registered before the app's own handler, which would report it as an exception with no name.
  addEventListener("unhandledrejection", (event) => {
    const script = event.reason?.target;
    if (event.reason?.type === "error" && script instanceof HTMLScriptElement && script.src.startsWith(YOUTUBE_API)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  });
})();
