/**
 * A YouTube video through react-player, which this module imports only when it may be needed.
 *
 * Used by student_portal/components/video.py, which builds the thumbnail (`light`), the play
 * button (`playIcon`), the picture drawn when the thumbnail cannot be fetched (`brokenPicture`:
 * offline, a video YouTube removed; not the browser's broken-image icon) and the player address. Until react-player is here those same two are
 * drawn, as react-player's own `fallback` would draw them; assets/youtube_player.js (react-player
 * and its wiring, a chunk of its own) is imported once per page when the first video comes within
 * `nearPx` of the viewport, or is pointed at, focused or tapped. A tap before it arrives
 * still plays: the video is marked as playing and its player shows as soon as the chunk is in.
 * One video plays at a time per page: starting one puts the one before back to its picture.
 * No JSX: the file is served as is to Vite, like the rest of assets/.
 */
import {
  Suspense,
  cloneElement,
  createElement,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useNearScreen } from "./near_screen.js";

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

// The player module: requested once, shared by every video on the page and the next pages.
let playerModule = null;
let playerPromise = null;
function loadPlayer() {
  if (!playerPromise) {
    playerPromise = import("./youtube_player.js").then(
      (module) => {
        playerModule = module;
        return module;
      },
      (error) => {
        playerPromise = null; // offline or a failed chunk: the next intent asks again
        throw error;
      },
    );
  }
  return playerPromise;
}

// A signed-in student's places: the ids of the recordings mounted together (a page, a Show
// more) are asked for in one event, a moment after the last of them mounts.
const ASK_AFTER_MS = 50;
const wanted = new Set();
let asker = null;
let askTimer = 0;

function wantPlace(videoId, onWant) {
  wanted.add(videoId);
  asker = onWant;
  clearTimeout(askTimer);
  askTimer = setTimeout(() => {
    const ids = [...wanted];
    wanted.clear();
    if (ids.length) {
      try {
        asker?.(ids);
      } catch (error) {
        console.warn("places", error); // the recordings open from the start
      }
    }
  }, ASK_AFTER_MS);
}

const FILL = { width: "100%", height: "100%" };
// How long after a press ends without a click react-player's preview may take over.
const PRESS_END_MS = 1000;
// react-player's preview box (its Preview.js), so nothing moves when it takes over.
const PREVIEW = { ...FILL, display: "flex", alignItems: "center", justifyContent: "center", cursor: "pointer" };

export function YouTubeVideo({
  src,
  title,
  light,
  brokenPicture,
  playIcon,
  nearPx,
  videoId,
  start = 0,
  onProgress = null,
  saveEveryS = 20,
  remember = false,
  places = null,
  onWant = null,
}) {
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

  // Signed in: where the student stopped in this recording, asked with the page's others.
  const asks = remember && !!onWant && !!videoId;
  const latestWant = useRef(onWant);
  latestWant.current = onWant;
  useEffect(() => {
    if (asks) wantPlace(videoId, (ids) => latestWant.current?.(ids));
  }, [asks, videoId]);
  const place = remember && places && Object.prototype.hasOwnProperty.call(places, videoId) ? Number(places[videoId]) || 0 : start;

  const [player, setPlayer] = useState(() => playerModule?.YouTubePlayer ?? null);
  const box = useRef(null);
  // Whether the focus is in this video (React's own focus events: a button removed while React
  // commits does not count as leaving).
  const focused = useRef(false);
  // A press under way on our picture: react-player's preview must not replace the button under
  // the finger, or the tap's click would be lost. Its arrival waits for the click (or the end
  // of a press that made none).
  const pressed = useRef(false);
  const held = useRef(null);
  const releaseTimer = useRef(0);
  // A transition: the picture and button stay until react-player and its preview are ready,
  // rather than blinking through a fallback.
  const show = useCallback((Player) => startTransition(() => setPlayer(() => Player)), []);
  const release = useCallback(() => {
    clearTimeout(releaseTimer.current);
    pressed.current = false;
    const Player = held.current;
    held.current = null;
    if (Player) show(Player);
  }, [show]);
  const want = useCallback(() => {
    if (player) return;
    loadPlayer().then(
      (module) => {
        if (pressed.current) held.current = module.YouTubePlayer;
        else show(module.YouTubePlayer);
      },
      () => {}, // the picture stays
    );
  }, [player, show]);

  useNearScreen(box, nearPx, want, player);

  // react-player's preview replaced our button: a keyboard user keeps the focus on the new one.
  useLayoutEffect(() => {
    const element = box.current;
    if (player && element && focused.current && !element.contains(document.activeElement)) {
      element.querySelector("button")?.focus();
    }
  }, [player]);

  // The thumbnail of the video that failed to load (by address: a spot given another video
  // tries its picture again).
  const [brokenSrc, setBrokenSrc] = useState(null);
  const picture =
    brokenSrc === src ? brokenPicture : cloneElement(light, { onError: () => setBrokenSrc(src) });

  if (!src) return null;
  const preview = createElement(
    "div",
    {
      style: PREVIEW,
      onClick: () => {
        setPlaying(key);
        want();
      },
    },
    picture,
    playIcon,
  );
  return createElement(
    "div",
    {
      ref: box,
      style: FILL,
      onPointerEnter: want,
      onPointerDown: () => {
        clearTimeout(releaseTimer.current);
        pressed.current = true;
        want();
      },
      // After the preview's own onClick (bubbling), which marked this video as playing.
      onClick: release,
      onPointerCancel: release,
      // A touch's click comes after its pointerup; a press that ends without one lets go later.
      onPointerUp: () => {
        releaseTimer.current = setTimeout(release, PRESS_END_MS);
      },
      onFocus: () => {
        focused.current = true;
        want();
      },
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) focused.current = false;
      },
    },
    createElement(
      Suspense,
      { fallback: preview },
      player
        ? createElement(player, {
            src,
            title,
            light: picture,
            playIcon,
            playing,
            onPlay: () => setPlaying(key),
            videoId,
            start: place,
            onProgress: remember ? onProgress : null,
            saveEveryS,
          })
        : preview,
    ),
  );
}
