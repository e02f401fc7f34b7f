// Theme before the first paint and the language switch: student_portal/components/head_script.py.
(() => {
  const root = document.documentElement;
  const system = matchMedia("(prefers-color-scheme: dark)");
  const saved = () => {
    try {
      return localStorage.getItem("theme");
    } catch {
      return null;
    }
  };
  const apply = (dark) => {
    root.classList.toggle("dark", dark);
    root.style.colorScheme = dark ? "dark" : "light";
  };
  const update = () => {
    const theme = saved();
    apply(theme === "dark" || (theme !== "light" && system.matches));
  };
  update();
  // Our Sinhala/Tamil faces once the page's scripts are in (assets/styles/fonts.css).
  document.addEventListener("DOMContentLoaded", () => root.classList.add("fonts"));
  system.addEventListener("change", update);
  addEventListener("storage", (event) => event.key === "theme" && update());
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element && event.target.closest("[data-theme-toggle]"))) return;
    const dark = !root.classList.contains("dark");
    try {
      localStorage.setItem("theme", dark ? "dark" : "light");
    } catch {}
    apply(dark);
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
})();
