// Small things the pages do in the browser, called by name as window.studentPortal.<name>(...):
// from click and key handlers (no server round trip) and from the server's rx.call_script, which
// evaluates its code outside any module. student_portal/utils/page_actions.py makes those calls and
// loads this module into the app's root chunk (every page has it, minified, content-hashed).

// A frame's download has started long before this; the frame only has to go eventually.
const DOWNLOAD_FRAME_MS = 60000;
// "Show more"'s new cards come with the state change that asked for the focus: a few frames.
const FOCUS_ROW_FRAMES = 120;

const byId = (id) => document.getElementById(id);

// A native <dialog>: showModal() traps the focus inside and Esc closes it.
function openDialog(id) {
  byId(id)?.showModal();
}

// `empty`: reset its form first, so nothing typed stays behind in the page.
function closeDialog(id, empty) {
  const dialog = byId(id);
  if (empty) dialog?.querySelector("form")?.reset();
  dialog?.close();
}

// The page to come back to after sign-in, under sessionStorage `key`.
function rememberPath(key, path) {
  sessionStorage.setItem(key, path);
}

// Taken out here rather than by rx.remove_session_storage, which would re-hydrate the page.
function takeRedirectPath(key) {
  const path = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  return path;
}

// A hidden frame fetches `url` (an attachment) and the browser saves it: following a link in the
// page would start a navigation, on which Reflex drops its websocket.
function download(url) {
  const frame = document.createElement("iframe");
  frame.hidden = true;
  frame.src = url;
  document.body.appendChild(frame);
  setTimeout(() => frame.remove(), DOWNLOAD_FRAME_MS);
}

// After "Show more": focus the first card it added, so keyboard and screen-reader users carry
// on where the new cards begin, once React has drawn it.
function focusRow(listId, index) {
  let frames = 0;
  const focus = () => {
    const row = byId(listId)?.children[index];
    if (row) {
      if (!row.hasAttribute("tabindex")) row.tabIndex = -1;
      row.focus();
    } else if (frames++ < FOCUS_ROW_FRAMES) {
      requestAnimationFrame(focus);
    }
  };
  focus();
}

// `url` in the address bar without loading it. The entry's state object stays: React Router
// keeps its own index there, and losing it would confuse Back and Forward.
function replaceAddress(url) {
  history.replaceState(history.state, "", url);
}

// A practice sheet's answers, once the server has marked them (assets/answer_sheet.js keeps them).
function forgetStored(key) {
  try {
    localStorage.removeItem(key);
  } catch (error) {
    // storage refused: nothing was kept
  }
}

// Load the address again after `ms`; with `testId`, only while the element with that data-testid
// is still shown (make dev's "compiling" note: the page, once compiled, takes its place).
function reloadAfter(ms, testId) {
  setTimeout(() => {
    if (!testId || document.querySelector(`[data-testid="${testId}"]`)) location.reload();
  }, ms);
}

if (typeof window !== "undefined") {
  window.studentPortal = {
    openDialog,
    closeDialog,
    rememberPath,
    takeRedirectPath,
    download,
    focusRow,
    replaceAddress,
    forgetStored,
    reloadAfter,
  };
}
