/**
 * react-calendar's month view, speaking plain 'YYYY-MM-DD' day strings.
 *
 * Used by student_portal/components/calendar.py. The browser turns a clicked Date into the day
 * string with its own local calendar (`toLocaleDateString('sv-SE')`: `toISOString()` would give
 * the day before for anyone east of UTC, i.e. every Sri Lankan student), and builds the shown
 * Date from the string's parts the same way (never shifted by a time zone).
 * - `day`: the day shown as selected ('' or unparsable: today);
 * - `markedDays` / `markClass`: month tiles whose day is listed get that class;
 * - `onPickDay(day)`: a clicked day, as its string;
 * - `dateNames`: the page language's names and patterns (assets/date_style.js): react-calendar's
 *   own formatters ask the browser's Intl, which has no Sinhala in Chromium.
 * Every other prop goes to react-calendar as is. No JSX: the file is served as is to Vite.
 */
import { createElement } from "react";
import Calendar from "react-calendar";
import { formatDate } from "./date_style.js";
// Our look for the month view (react-calendar's own CSS would beat Tailwind: see the file); in
// this chunk, so a page loads it only with the calendar (Vite has it in before the module runs).
import "./calendar.css";

const dayOf = (date) => date.toLocaleDateString("sv-SE");

function dateOf(day) {
  const [y, m, n] = String(day).split("-").map(Number);
  return y ? new Date(y, m - 1, n) : new Date();
}

// react-calendar's formatters ((locale, date) => text) in the page's language.
function formatters(names) {
  if (!names) return {};
  return {
    formatDay: (_, date) => String(date.getDate()),
    formatLongDate: (_, date) => formatDate(names.dayWide, date, names),
    formatMonthYear: (_, date) => formatDate(names.month, date, names),
    formatShortWeekday: (_, date) => names.weekdaysShort[date.getDay()],
    formatWeekday: (_, date) => names.weekdays[date.getDay()],
  };
}

export function MonthCalendar({ day, markedDays, markClass, onPickDay, dateNames, ...calendar }) {
  const tileClassName = markedDays
    ? ({ date, view }) => (view === "month" && (markedDays ?? []).includes(dayOf(date)) ? markClass : null)
    : undefined;
  return createElement(Calendar, {
    ...formatters(dateNames),
    ...calendar,
    value: dateOf(day),
    tileClassName,
    onClickDay: onPickDay ? (date) => onPickDay(dayOf(date)) : undefined,
  });
}

export default MonthCalendar;
