/**
 * react-player for one video: our thumbnail and play button (react-player's `light` and
 * `playIcon`) until the first tap, then react-player's YouTube player, playing.
 *
 * Imported by assets/youtube_video.js only when a video nears the viewport or is pointed at,
 * focused or tapped: react-player is not part of a page's first download. That module keeps
 * which video plays (one per page) and passes it here as `playing`.
 * This module names the player's <iframe> (made by youtube-video-element inside its shadow root,
 * untitled) with the video's title and moves the focus into it, so a keyboard user lands in
 * the player.
 * No JSX: the file is served as is to Vite, like the rest of assets/.
 */
import { createElement, useCallback, useEffect, useMemo, useRef } from "react";
import ReactPlayer from "react-player";
import { progressTracker } from "./watch_progress.js";

// youtube-video-element's own minimum size (300x150) would overflow a narrow card.
const FILL = { width: "100%", height: "100%", minWidth: 0, minHeight: 0 };

// Name the player's frame and move the focus into it once youtube-video-element has made it.
function nameFrame(element, title) {
  const root = element.shadowRoot;
  if (!root) return () => {};
  const name = () => {
    const frame = root.querySelector("iframe");
    if (!frame) return;
    frame.title = title;
    if (element.contains(document.activeElement) || document.activeElement === document.body) frame.focus();
  };
  name();
  const observer = new MutationObserver(name);
  observer.observe(root, { childList: true });
  return () => observer.disconnect();
}

const MEDIA_EVENTS = ["onTimeUpdate", "onDurationChange", "onSeeked", "onPause", "onEnded"];

// youtube-video-element reads a start time from the address (?t=754).
function startingAt(src, start) {
  return start > 0 ? `${src}${src.includes("?") ? "&" : "?"}t=${Math.floor(start)}` : src;
}

export function YouTubePlayer({ src, title, light, playIcon, playing, onPlay, videoId, start, onProgress, saveEveryS }) {
  // A signed-in student's place in it, saved now and then (watch_progress.js). The handler
  // is a new function at each render: the tracker calls the latest one.
  const latest = useRef(onProgress);
  latest.current = onProgress;
  const enabled = !!onProgress;
  const tracker = useRef(null);
  useEffect(() => {
    if (!enabled) return undefined;
    const made = progressTracker(videoId, title, (...args) => latest.current?.(...args), saveEveryS || 20);
    tracker.current = made;
    return () => {
      tracker.current = null;
      made.stop();
    };
  }, [videoId, title, enabled, saveEveryS]);
  const mediaHandlers = useMemo(
    () => Object.fromEntries(MEDIA_EVENTS.map((name) => [name, (event) => tracker.current?.handlers[name]?.(event)])),
    [],
  );
  // The second it opens at, fixed when it starts playing: a place that moves meanwhile (its own
  // saves, an answer to the page's ask) must not change the address of the playing embed.
  const startedAt = useRef(null);
  if (!playing) startedAt.current = null;
  else if (startedAt.current === null) startedAt.current = start;
  const unwatch = useRef(() => {});
  const playerRef = useCallback(
    (element) => {
      unwatch.current();
      unwatch.current = element ? nameFrame(element, title) : () => {};
    },
    [title],
  );

  return createElement(ReactPlayer, {
    ref: playerRef,
    src: startingAt(src, playing ? startedAt.current : start),
    ...mediaHandlers,
    // A falsy `light` shows the player; any other video's tap gives this one its picture back.
    light: playing ? false : light,
    playIcon,
    // The play button inside is the one tab stop (react-player's preview div would be a second).
    previewTabIndex: -1,
    onClickPreview: onPlay,
    // No Suspense of react-player's own: while a chunk (the preview, then the player) loads,
    // youtube_video.js's boundary keeps our picture and button in place, nothing blinks.
    fallback: false,
    playing,
    // The tap is the gesture that lets the browser start playback: autoplay=1 in the embed,
    // so one tap plays on phones too.
    autoPlay: true,
    playsInline: true,
    controls: true,
    style: FILL,
  });
}
