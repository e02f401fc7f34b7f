/**
 * A count in the page's language: `forms` are the catalog's texts of one plural message by CLDR
 * category ({one: "{count} page", other: "{count} pages"}, from student_portal/utils/plurals.py),
 * and the browser's plural rules for the page's <html lang> choose one.
 */
export function counted(forms, count) {
  const lang = document.documentElement.lang || undefined;
  let category = "other";
  let number = String(count);
  try {
    category = new Intl.PluralRules(lang).select(count);
    number = new Intl.NumberFormat(lang).format(count);
  } catch {
    // a language tag this browser rejects: the catalog's "other" form and plain digits
  }
  return (forms?.[category] ?? forms?.other ?? "{count}").replace("{count}", number);
}

export default counted;
