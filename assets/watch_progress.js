/**
 * A signed-in student's place in a recording, told to the site's server in few small saves
 * (issue 52): after every SAVE_EVERY_S seconds of playing, on pause, at the end and when the
 * player or the page goes; never on every timeupdate tick. A save is one Reflex event
 * (HistoryState.watched); a failed one never touches the video.
 *
 * Offline (a recording played from cache, the connection gone), the latest place of each video
 * waits in localStorage (PENDING_KEY) and is sent once when the connection returns; signing out
 * deletes it (offline.js's forgetSignedIn). Used by youtube_player.js. No JSX.
 */

import { readPending as read, takePending, writePending as write } from "./pending_places.js";

export const PENDING_KEY = "history_pending";
const readPending = () => read(PENDING_KEY);
const writePending = (kept) => write(PENDING_KEY, kept);

// The handler of the last player mounted: what sends the waiting places when the connection
// returns, whichever video they belong to.
let sender = null;

function flush() {
  if (!sender || navigator.onLine === false) return;
  const kept = takePending(PENDING_KEY); // taken: each place is sent once
  for (const [videoId, [title, position, duration]] of Object.entries(kept)) {
    sender(videoId, String(title || ""), Number(position) || 0, Number(duration) || 0);
  }
}

if (typeof window !== "undefined") window.addEventListener("online", flush);

function send(onProgress, videoId, title, position, duration) {
  if (navigator.onLine === false) {
    const kept = readPending();
    kept[videoId] = [title, position, duration];
    writePending(kept);
    return;
  }
  try {
    onProgress(videoId, title, position, duration);
  } catch (error) {
    console.warn("progress", error);
  }
}

/**
 * The media event handlers for one player. `onProgress(videoId, title, seconds, duration)`;
 * null: nothing is told (signed out). `saveEveryS`: seconds of playing between saves.
 */
export function progressTracker(videoId, title, onProgress, saveEveryS) {
  if (!onProgress || !videoId) return { handlers: {}, stop: () => {} };
  sender = onProgress;
  flush();
  let position = 0;
  let duration = 0;
  let sentAt = -1; // the position last sent
  let playedSince = 0; // seconds of playing since the last save
  let lastTick = null;
  let played = false; // a player shown and never played (or removed, forgotten) tells nothing
  const save = () => {
    const at = Math.floor(position);
    if (!played || at === sentAt) return;
    sentAt = at;
    playedSince = 0;
    send(onProgress, videoId, title, at, Math.floor(duration) || 0);
  };
  const read = (event) => {
    const media = event?.currentTarget || event?.target;
    if (media && Number.isFinite(media.currentTime)) {
      position = media.currentTime;
      if (event.type !== "durationchange") played = true;
    }
    if (media && Number.isFinite(media.duration)) duration = media.duration;
  };
  const onHide = () => {
    if (document.visibilityState === "hidden") save();
  };
  window.addEventListener("pagehide", save);
  document.addEventListener("visibilitychange", onHide);
  return {
    handlers: {
      onTimeUpdate: (event) => {
        read(event);
        // Seconds played, not seconds of the recording: a jump forward is not playing time.
        if (lastTick !== null) {
          const step = position - lastTick;
          if (step > 0 && step < 5) playedSince += step;
        }
        lastTick = position;
        if (playedSince >= saveEveryS) save();
      },
      onDurationChange: read,
      onSeeked: (event) => {
        read(event);
        lastTick = position;
      },
      onPause: (event) => {
        read(event);
        save();
      },
      onEnded: (event) => {
        read(event);
        save();
      },
    },
    stop: () => {
      window.removeEventListener("pagehide", save);
      document.removeEventListener("visibilitychange", onHide);
      save();
    },
  };
}
