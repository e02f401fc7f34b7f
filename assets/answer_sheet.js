/**
 * A practice sheet's <form>: its answers kept in the browser until it is handed in, its
 * countdown, and the hand-in (student_portal/components/answer_sheet.py draws the questions).
 *
 * - Answers: the radios are the page's own (name "q12", value "3"); every change is written to
 *   localStorage under `storeKey`, and put back when the sheet is drawn again (a reload, a
 *   dropped connection, a phone that locked), so nothing is lost before Submit. Tapping the
 *   chosen option again clears it (a question left blank).
 * - The countdown: `secondsLeft` (from the server: the paper's time less what has passed since
 *   the sheet opened; -1: no timer) counted down here, once a second, with no server traffic;
 *   at zero the sheet is handed in as it stands.
 * - Submit: `onSheet({"12": 3, ...})` once; the server marks it against the key, which the
 *   browser never holds. The server forgets the stored answers when the marks are shown.
 * No JSX: the file is served as is to Vite, like the rest of assets/.
 */
import { createElement, useCallback, useEffect, useRef, useState } from "react";

const QUESTION = /^q([0-9]{1,3})$/;

function readStore(key) {
  try {
    const kept = JSON.parse(localStorage.getItem(key) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch (error) {
    return {};
  }
}

function writeStore(key, answers) {
  try {
    localStorage.setItem(key, JSON.stringify(answers));
  } catch (error) {
    // storage full or refused (private mode): the sheet still works, only without the copy
  }
}

function answersOf(form) {
  const answers = {};
  for (const input of form.querySelectorAll("input[type=radio]:checked")) {
    const found = QUESTION.exec(input.name);
    if (found) answers[found[1]] = Number(input.value);
  }
  return answers;
}

function clock(seconds) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

export function AnswerSheet({ storeKey, sheetId, secondsLeft, timeLeftLabel, timerClassName, onSheet, children, ...form }) {
  const formRef = useRef(null);
  const handedIn = useRef(false);
  const wasChecked = useRef(null);
  const [left, setLeft] = useState(secondsLeft);

  // A new sheet (Try again) may be handed in again.
  useEffect(() => {
    handedIn.current = false;
  }, [sheetId]);

  // Put back what was answered before the sheet was drawn again.
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const kept = readStore(storeKey);
    for (const [question, option] of Object.entries(kept)) {
      const input = element.querySelector(`input[name="q${Number(question)}"][value="${Number(option)}"]`);
      if (input) input.checked = true;
    }
  }, [storeKey, sheetId]);

  const handIn = useCallback(() => {
    if (handedIn.current || !formRef.current) return;
    handedIn.current = true;
    const answers = answersOf(formRef.current);
    writeStore(storeKey, answers);
    onSheet?.(answers);
  }, [storeKey, onSheet]);

  // The countdown, from the server's figure each time it sends one.
  useEffect(() => {
    if (typeof secondsLeft !== "number" || secondsLeft < 0) {
      setLeft(-1);
      return undefined;
    }
    const deadline = Date.now() + secondsLeft * 1000;
    const tick = () => {
      const now = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(now);
      if (now === 0) handIn();
      return now;
    };
    if (tick() === 0) return undefined;
    const timer = setInterval(() => {
      if (tick() === 0) clearInterval(timer);
    }, 1000);
    // A phone that slept: the timer may not have run; look at the clock on waking.
    const onWake = () => document.visibilityState === "visible" && tick();
    document.addEventListener("visibilitychange", onWake);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onWake);
    };
  }, [secondsLeft, sheetId, handIn]);

  const save = () => formRef.current && writeStore(storeKey, answersOf(formRef.current));

  const props = {
    ...form,
    ref: formRef,
    noValidate: true,
    onChange: save,
    onSubmit: (event) => {
      event.preventDefault();
      handIn();
    },
    // The option already chosen, tapped again: cleared.
    onPointerDown: (event) => {
      const input = event.target.closest("label")?.querySelector("input[type=radio]");
      wasChecked.current = input && input.checked ? input : null;
    },
    // (the label's own click comes first, then the one it passes to its radio)
    onClick: (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.type !== "radio") return;
      if (input === wasChecked.current) {
        input.checked = false;
        save();
      }
      wasChecked.current = null;
    },
  };
  const timer =
    left >= 0
      ? createElement(
          "p",
          { role: "timer", className: timerClassName, "data-testid": "practice-timer" },
          createElement("span", null, timeLeftLabel, " "),
          createElement("strong", { className: "tabular-nums" }, clock(left)),
        )
      : null;
  return createElement("form", props, timer, children);
}
