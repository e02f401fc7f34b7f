/**
 * A YouTube video through react-player: our thumbnail and play button (react-player's `light`
 * and `playIcon`) until the first tap, then react-player's YouTube player, playing.
 *
 * Used by student_portal/components/video.py, which builds the thumbnail, the button and the
 * player address; this module only wires react-player and the browser-side parts:
 * - one video plays at a time per page: starting one puts the one before back to its picture;
 * - the player's <iframe> (made by youtube-video-element inside its shadow root, untitled)
 *   gets the video's name as its title, and the focus, so a keyboard user lands in the player.
 * No JSX: the file is served as is to Vite, like the rest of assets/.
 */
import { createElement, useCallback, useEffect, useId, useRef, useSyncExternalStore } from "react";
import ReactPlayer from "react-player";

// The key of the video whose player is showing; null: none. One per page.
let playingKey = null;
const listeners = new Set();

function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setPlaying(key) {
  playingKey = key;
  listeners.forEach((listener) => listener());
}

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

export function YouTubeVideo({ src, title, light, playIcon }) {
  // This spot on the page and its video: a list re-rendered in place (a search typed while a
  // video plays) gives the spot another video, which starts as a picture.
  const key = `${useId()} ${src}`;
  const playing = useSyncExternalStore(
    subscribe,
    () => playingKey === key,
    () => false,
  );
  // Leaving the page, or a re-render that drops this video, forgets it: a new visit starts with
  // pictures again.
  useEffect(
    () => () => {
      if (playingKey === key) setPlaying(null);
    },
    [key],
  );

  const unwatch = useRef(() => {});
  const playerRef = useCallback(
    (element) => {
      unwatch.current();
      unwatch.current = element ? nameFrame(element, title) : () => {};
    },
    [title],
  );

  if (!src) return null;
  return createElement(ReactPlayer, {
    ref: playerRef,
    src,
    // A falsy `light` shows the player; any other video's tap gives this one its picture back.
    light: playing ? false : light,
    playIcon,
    // The play button inside is the one tab stop (react-player's preview div would be a second).
    previewTabIndex: -1,
    onClickPreview: () => setPlaying(key),
    // While a chunk (the preview, then the player) loads, the picture stays: nothing blinks.
    fallback: light,
    playing,
    // The tap is the gesture that lets the browser start playback: autoplay=1 in the embed,
    // so one tap plays on phones too.
    autoPlay: true,
    playsInline: true,
    controls: true,
    style: FILL,
  });
}
