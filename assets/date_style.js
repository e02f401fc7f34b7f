/**
 * Dates in the site's style and the page's language, written in the browser without its own
 * locale data: Chromium's ICU has no Sinhala (`Intl` writes "November" and "AM" on a /si/ page),
 * so the server sends the names and patterns it formats with itself (CLDR through Babel:
 * student_portal/utils/dates.py `browser_dates`), and this fills a CLDR pattern with them.
 *
 * `names`: `months` and `monthsWide` (January first), `weekdays` and `weekdaysShort` (Sunday
 * first, as `Date.getDay()`), `periods` (the clock's day period for each hour, 0-23) and
 * `onTheHour` (a flexible period's own name for exactly 0:00 and 12:00, where it has one).
 * Pattern letters: d dd M MM MMM MMMM y yyyy E EEE EEEE h hh H HH mm a B (any width), 'quoted'
 * text; other letters are written as they are. Reads the date's local fields, like a calendar.
 * Used by assets/month_calendar.js and assets/offline.js; tests/unit/test_browser_dates.py runs
 * it beside Babel.
 */

const pad = (n) => String(n).padStart(2, "0");

function field(letter, width, date, names) {
  const hour = date.getHours();
  switch (letter) {
    case "d":
      return width > 1 ? pad(date.getDate()) : String(date.getDate());
    case "M":
    case "L":
      if (width >= 4) return names.monthsWide[date.getMonth()];
      if (width === 3) return names.months[date.getMonth()];
      return width === 2 ? pad(date.getMonth() + 1) : String(date.getMonth() + 1);
    case "y":
      return width === 2 ? pad(date.getFullYear() % 100) : String(date.getFullYear());
    case "E":
    case "c":
      return width >= 4 ? names.weekdays[date.getDay()] : names.weekdaysShort[date.getDay()];
    case "h":
      return width > 1 ? pad(hour % 12 || 12) : String(hour % 12 || 12);
    case "H":
      return width > 1 ? pad(hour) : String(hour);
    case "m":
      return pad(date.getMinutes());
    case "a":
      return names.periods[hour];
    case "B": // flexible day periods name midnight and noon themselves ("நள்ளிரவு 12:00")
      return (date.getMinutes() === 0 && names.onTheHour?.[hour]) || names.periods[hour];
    default:
      return letter.repeat(width);
  }
}

// 'quoted text' (a doubled '' is one quote, in it or alone) or a run of one pattern letter.
const TOKENS = /'((?:[^']|'')*)'|([A-Za-z])\2*/g;

export function formatDate(pattern, date, names) {
  return pattern.replace(TOKENS, (token, quoted, letter) =>
    letter ? field(letter, token.length, date, names) : quoted === "" ? "'" : quoted.replaceAll("''", "'"),
  );
}

export default formatDate;
