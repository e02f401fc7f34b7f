// Dark/light theme before the first paint: see student_portal/components/theme_toggle.py.
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
})();
