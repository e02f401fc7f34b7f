/**
 * A carousel's <section> with its browser-side clock, keys and swipe.
 *
 * Used by student_portal/components/carousel.py, which draws the slides and controls (children)
 * and keeps the slide index in CarouselState; this module only runs what must run in the browser:
 * - the clock: every `intervalMs` it calls `onTick`, unless the carousel is paused, has fewer
 *   than two slides, the tab is hidden, the carousel is not displayed, or the pointer is over /
 *   the focus is inside its slides. It restarts whenever `index` changes, so a manual step gets a
 *   full interval before the next automatic one;
 * - ArrowLeft / ArrowRight anywhere inside it (not while typing in a field) call onPrev / onNext;
 * - a horizontal swipe of at least `swipePx` on the slides calls onNext / onPrev;
 * - visitors who prefer reduced motion get it paused on arrival (`onPause`; they may press Play).
 * No JSX: the file is served as is to Vite, like the rest of assets/.
 */
import { createElement, useCallback, useEffect, useRef } from "react";

const VIEWPORT = "[data-carousel-viewport]";

export function CarouselRoot({ intervalMs, swipePx, index, count, paused, onTick, onPrev, onNext, onPause, children, ref, ...section }) {
  const root = useRef(null);
  // Reflex's own ref for the id (React 19 passes refs as props) keeps working beside ours.
  const setRoot = useCallback(
    (element) => {
      root.current = element;
      if (typeof ref === "function") ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
  // The latest props, read by listeners wired once.
  const live = useRef({});
  live.current = { count, paused, onTick, onPrev, onNext, onPause };

  // Keys, swipe and the reduced-motion preference: wired once, read the latest state.
  useEffect(() => {
    const element = root.current;
    if (!element) return undefined;
    const viewport = element.querySelector(VIEWPORT);
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) live.current.onPause?.();
    let start = null;
    const onTouchStart = (e) => {
      const t = e.changedTouches[0];
      start = { x: t.clientX, y: t.clientY };
    };
    const onTouchEnd = (e) => {
      if (!start) return;
      const t = e.changedTouches[0];
      const dx = t.clientX - start.x;
      const dy = t.clientY - start.y;
      start = null;
      if (Math.abs(dx) >= swipePx && Math.abs(dx) >= Math.abs(dy)) (dx < 0 ? live.current.onNext : live.current.onPrev)?.();
    };
    const onKey = (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest("input, select, textarea, [contenteditable]")) return;
      if (e.key === "ArrowLeft") {
        e.preventDefault();
        live.current.onPrev?.();
      } else if (e.key === "ArrowRight") {
        e.preventDefault();
        live.current.onNext?.();
      }
    };
    viewport.addEventListener("touchstart", onTouchStart, { passive: true });
    viewport.addEventListener("touchend", onTouchEnd, { passive: true });
    element.addEventListener("keydown", onKey);
    return () => {
      viewport.removeEventListener("touchstart", onTouchStart);
      viewport.removeEventListener("touchend", onTouchEnd);
      element.removeEventListener("keydown", onKey);
    };
  }, [swipePx]);

  // The clock: restarted on every slide change, silent while paused/hovered/focused/hidden.
  useEffect(() => {
    const timer = setInterval(() => {
      const element = root.current;
      const now = live.current;
      if (!element || now.paused || now.count < 2 || document.hidden || element.getClientRects().length === 0) return;
      const viewport = element.querySelector(VIEWPORT);
      if (viewport.matches(":hover") || viewport.contains(document.activeElement)) return;
      now.onTick?.();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [index, intervalMs]);

  return createElement("section", { ...section, ref: setRoot }, children);
}
