/**
 * useNearScreen(box, nearPx, want, loaded): calls `want` once the element in ref `box` comes
 * within `nearPx` of the viewport, so what lazy_calendar.js and youtube_video.js import only when
 * needed is there by the time it scrolls into view; at once where the browser has no
 * IntersectionObserver. Nothing watches once `loaded` is set.
 *
 * No request of its own: Vite puts it in youtube_video.js's chunk, since every page with the
 * calendar (home, in each language) has videos too. A page with the calendar and no video would
 * give it a chunk of its own, one more request: look at .web/build/client/assets then.
 */
import { useEffect } from "react";

export function useNearScreen(box, nearPx, want, loaded) {
  useEffect(() => {
    if (loaded || !box.current) return undefined;
    if (typeof IntersectionObserver === "undefined") {
      want();
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), {
      rootMargin: `${nearPx ?? 0}px 0px`,
    });
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [box, nearPx, want, loaded]);
}
