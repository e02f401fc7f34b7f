/**
 * The month calendar (assets/month_calendar.js with react-calendar, a chunk of its own), imported
 * only when it may be needed: when its box comes within `nearPx` of the viewport, or is pointed
 * at or focused. On a phone the home page's calendar is below the fold: the first view does not
 * download it.
 *
 * Used by student_portal/components/calendar.py, which reserves the calendar's box and builds
 * what stands in it until the chunk is here: `placeholder`, the spec's "Loading schedule..." as
 * plain text while nothing is asked yet (the calendar far below on a phone: no status that never
 * ends), and `loading`, the same words as a live status once the chunk is being fetched. Until the
 * calendar is here the box itself is the one tab stop: focusing it asks for the calendar, which
 * then takes the focus. When the chunk could not be fetched (offline), `failedMessage` and `retry`
 * (a button: focusing or pressing it asks again) take the box's place; the next approach asks too.
 * Every other prop goes to MonthCalendar as is. No JSX: the file is served as is to Vite.
 */
import { createElement, startTransition, useCallback, useLayoutEffect, useRef, useState } from "react";
import { useNearScreen } from "./near_screen.js";

// The calendar's module: requested once, shared by the next visits of the page.
let calendarModule = null;
let calendarPromise = null;
function loadCalendar() {
  if (!calendarPromise) {
    calendarPromise = import("./month_calendar.js").then((module) => {
      // undefined when a vite:preloadError handler prevented the error (reloading the page)
      if (!module?.MonthCalendar) throw new Error("month_calendar.js did not load");
      calendarModule = module;
      return module;
    });
    calendarPromise.catch(() => {
      calendarPromise = null; // offline or a failed chunk: the next approach asks again
    });
  }
  return calendarPromise;
}

// The box fills the space calendar.py reserved; the placeholder centres in it.
const BOX = { flex: "1 1 auto", display: "flex", flexDirection: "column" };
const CENTRED = { ...BOX, alignItems: "center", justifyContent: "center", gap: "0.75rem", textAlign: "center" };

export function LazyMonthCalendar({ nearPx, placeholder, loading, failedMessage, retry, className, ...calendar }) {
  const [Calendar, setCalendar] = useState(() => calendarModule?.MonthCalendar ?? null);
  const [asked, setAsked] = useState(false);
  const [failed, setFailed] = useState(false);
  const box = useRef(null);
  // Whether the focus is in the box: what replaces the placeholder takes it over.
  const focused = useRef(false);
  const want = useCallback(() => {
    if (Calendar) return;
    setAsked(true);
    loadCalendar().then(
      (module) => startTransition(() => setCalendar(() => module.MonthCalendar)),
      () => setFailed(true), // the message and the button that asks again
    );
  }, [Calendar]);

  useNearScreen(box, nearPx, want, Calendar);

  // The box under the focus is no tab stop any more: a keyboard user lands on the chosen day, or
  // on the button that asks again.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || !focused.current || !(Calendar || failed)) return;
    if (document.activeElement === element || !element.contains(document.activeElement)) {
      (element.querySelector(".react-calendar__tile--active") ?? element.querySelector("button"))?.focus();
    }
  }, [Calendar, failed]);

  let shown;
  if (Calendar) shown = [createElement(Calendar, calendar)];
  else if (failed) shown = [failedMessage, retry];
  else shown = [asked ? loading : placeholder];

  return createElement(
    "div",
    {
      ref: box,
      className,
      style: Calendar ? BOX : CENTRED,
      "data-calendar": Calendar ? "ready" : failed ? "failed" : asked ? "loading" : "waiting",
      tabIndex: Calendar || failed ? undefined : 0,
      onPointerEnter: want,
      onClick: want,
      onFocus: () => {
        focused.current = true;
        want();
      },
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) focused.current = false;
      },
    },
    ...shown,
  );
}
