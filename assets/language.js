// The language switch (student_portal/components/language_switch.py): its links name the
// page's own route in each language and work without script. Here a tap keeps the whole
// address (a record's id, the filters in the query, the #fragment), and the choice is
// remembered in a cookie the server reads: a visitor who chose Sinhala and opens / gets /si/.
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
