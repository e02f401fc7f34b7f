/**
 * The "connection lost" toast in the page's language. Reflex's own (its app-wide overlay) is
 * English and the same on every page; this one is rendered by the common layout, so each
 * language's page carries its own texts as props (student_portal/components/connection.py).
 *
 * Same behaviour as Reflex 0.10's ConnectionToaster: shown from the second failed attempt (a
 * single blip while the socket reconnects says nothing), kept two minutes or until closed,
 * dismissed once the connection is back. It goes through refs.__toast, so it waits for the lazy
 * sonner like every other toast (assets/toaster.js).
 */
import { useContext, useEffect, useRef } from "react";
import { EventLoopContext } from "$/utils/context";
import { refs } from "$/utils/state";

const TOAST_ID = "websocket-error"; // Reflex's id: a dismiss from either side reaches it
const SHOW_AFTER_ERRORS = 2;
const DURATION_MS = 120000;
// Reflex gives up on the socket after one such error (its message, English, goes to the console).
const PAYLOAD_TOO_LARGE = "hydration_payload_too_large";

export default function ConnectionToast({ title, description }) {
  const [, connectErrors] = useContext(EventLoopContext);
  const dismissed = useRef(false);
  const lost =
    connectErrors.length >= SHOW_AFTER_ERRORS || connectErrors.some((error) => error?.code === PAYLOAD_TOO_LARGE);
  useEffect(() => {
    const toast = refs["__toast"];
    if (!toast) return;
    if (!lost) {
      toast.dismiss(TOAST_ID);
      dismissed.current = false; // a later loss is shown again
    } else if (!dismissed.current) {
      toast.error(title, {
        id: TOAST_ID,
        description,
        closeButton: true,
        duration: DURATION_MS,
        onDismiss: () => (dismissed.current = true),
      });
    }
  }, [connectErrors, lost, title, description]);
  return null;
}
