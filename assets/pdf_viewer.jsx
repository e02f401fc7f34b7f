// A PDF viewer drawn with pdf.js (pdfjs-dist): Chrome on Android draws nothing for a PDF in an
// <iframe>, so previews render each page to a canvas plus a text layer (selectable, read by
// screen readers). pdf.js itself (~400 KB) is imported only when a viewer mounts, i.e. when a
// preview opens; its worker is a file of our own origin (CSP worker-src 'self').
//
// The file is fetched once, whole: a protected file's address carries a token that expires in
// about three minutes, so pages drawn later must not need the network. Pages are drawn as they
// scroll into view. Keys inside the viewer: + / - zoom, 0 fits the width.
//
// Opened from a search hit (/read?...&page=3&q=...): `page` is scrolled to once the document is
// open, and `highlight` (the searched words, folded as the server folds them) are marked in the
// text layer of every drawn page, so the student sees where the words are.
import { createElement as h, useCallback, useEffect, useMemo, useRef, useState } from "react";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { isKept, keep as keepOffline } from "./offline.js";
import { pageSender, sendPage } from "./page_progress.js";
import { counted } from "./plural.js";
import "./pdf_viewer.css";

const ZOOM_STEP = 0.25;
const ZOOM_MIN = 0.5;
const ZOOM_MAX = 3;
// The page a student reached is told this long after the scrolling stops.
const PAGE_REPORT_MS = 1500;

let pdfjsPromise = null;
function loadPdfjs() {
  if (!pdfjsPromise) {
    pdfjsPromise = import("pdfjs-dist").then((pdfjs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      return pdfjs;
    });
  }
  return pdfjsPromise;
}

// As search/index.py folds: accents of Latin letters dropped, casefolded, NFC (Sinhala and Tamil
// vowel signs are kept: they are letters of their words).
function fold(word) {
  return word.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().normalize("NFC");
}

function within(a, b, allowed) {
  if (Math.abs(a.length - b.length) > allowed) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length] <= allowed;
}

// The same rule as the server's snippet (search/snippets.py): the word, a word it begins, or a
// typo away from it (one for short words, two from eight letters).
function matches(word, wanted) {
  if (word === wanted || word.startsWith(wanted)) return true;
  if (wanted.length < 4 || /\d/.test(wanted)) return false;
  return within(word, wanted, wanted.length < 8 ? 1 : 2) || within(word.slice(0, wanted.length), wanted, 1);
}

const WORD = /[\p{L}\p{N}\p{M}\u200c\u200d]+/gu;

function markWords(container, wanted) {
  if (!wanted.length) return;
  for (const span of container.querySelectorAll("span")) {
    if (span.children.length) continue;
    const text = span.textContent;
    const found = [...text.matchAll(WORD)].filter((m) => wanted.some((w) => matches(fold(m[0]), w)));
    if (!found.length) continue;
    const pieces = [];
    let at = 0;
    for (const m of found) {
      if (m.index > at) pieces.push(document.createTextNode(text.slice(at, m.index)));
      const mark = document.createElement("mark");
      mark.className = "pdf-hit";
      mark.textContent = m[0];
      pieces.push(mark);
      at = m.index + m[0].length;
    }
    if (at < text.length) pieces.push(document.createTextNode(text.slice(at)));
    span.replaceChildren(...pieces);
  }
}

async function fetchBytes(url) {
  const response = await fetch(url, { credentials: "omit" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function Page({ pdf, pdfjs, number, count, width, zoom, baseSize, label, wanted, target }) {
  const holder = useRef(null);
  const [visible, setVisible] = useState(number === 1 || number === target);
  const scale = baseSize ? (width / baseSize.width) * zoom : 1;
  const cssWidth = baseSize ? baseSize.width * scale : width;
  const cssHeight = baseSize ? baseSize.height * scale : width * 1.414;

  useEffect(() => {
    if (visible || !holder.current) return undefined;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && setVisible(true),
      { rootMargin: "400px 0px" },
    );
    observer.observe(holder.current);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible || !pdf || !width || !holder.current) return undefined;
    let cancelled = false;
    let task = null;
    let textLayer = null;
    (async () => {
      const page = await pdf.getPage(number);
      if (cancelled) return;
      const viewport = page.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      const canvas = document.createElement("canvas");
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      canvas.setAttribute("aria-hidden", "true");
      const text = document.createElement("div");
      text.className = "pdf-text-layer";
      text.style.setProperty("--total-scale-factor", String(scale));
      task = page.render({
        canvas,
        canvasContext: canvas.getContext("2d"),
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      await task.promise;
      if (cancelled) return;
      textLayer = new pdfjs.TextLayer({
        textContentSource: page.streamTextContent(),
        container: text,
        viewport,
      });
      const node = holder.current;
      node.replaceChildren(canvas, text);
      await textLayer.render();
      markWords(text, wanted);
      node.dataset.rendered = "true";
    })().catch((error) => {
      if (!cancelled && error?.name !== "RenderingCancelledException") console.warn("pdf page", number, error);
    });
    return () => {
      cancelled = true;
      task?.cancel();
      textLayer?.cancel();
    };
  }, [visible, pdf, pdfjs, number, scale, width, wanted]);

  return h("div", {
    ref: holder,
    role: "img",
    "aria-roledescription": "page",
    "aria-label": `${label} ${number} / ${count}`,
    "data-page": number,
    className: "pdf-page",
    style: { width: `${Math.floor(cssWidth)}px`, height: `${Math.floor(cssHeight)}px` },
  });
}

export default function PdfViewer({
  url,
  title = "",
  fileName = "document.pdf",
  labels = {},
  page = 0,
  highlight = [],
  onPage = null,
  docCollection = "",
  docRecord = "",
  remember = false,
}) {
  const text = {
    loading: "Loading document...",
    failed: "Could not open this document.",
    pageCount: { one: "{count} page", other: "{count} pages" },
    page: "Page",
    zoomIn: "Zoom in",
    zoomOut: "Zoom out",
    fit: "Fit to width",
    download: "Download",
    keep: "Keep offline",
    kept: "Kept offline",
    ...labels,
  };
  const scroller = useRef(null);
  const [pdfjs, setPdfjs] = useState(null);
  const [doc, setDoc] = useState(null);
  const [bytes, setBytes] = useState(null);
  const [baseSize, setBaseSize] = useState(null);
  const [failed, setFailed] = useState(false);
  const [width, setWidth] = useState(0);
  const [zoom, setZoom] = useState(1);

  useEffect(() => {
    if (!url) return undefined;
    let cancelled = false;
    let loading = null;
    setDoc(null);
    setFailed(false);
    setZoom(1);
    (async () => {
      const [lib, data] = await Promise.all([loadPdfjs(), fetchBytes(url)]);
      if (cancelled) return;
      setBytes(data);
      // pdf.js takes ownership of the buffer it is given: hand it a copy, keep ours for Download.
      loading = lib.getDocument({ data: data.slice(), isEvalSupported: false });
      const loaded = await loading.promise;
      const first = await loaded.getPage(1);
      const viewport = first.getViewport({ scale: 1 });
      if (cancelled) return;
      setPdfjs(lib);
      setBaseSize({ width: viewport.width, height: viewport.height });
      setDoc(loaded);
    })().catch((error) => {
      console.warn("pdf", error);
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      loading?.destroy();
    };
  }, [url]);

  useEffect(() => {
    const node = scroller.current;
    if (!node) return undefined;
    const measure = () => setWidth(Math.max(node.clientWidth - 16, 100));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const zoomBy = useCallback(
    (step) => setZoom((z) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round((z + step) * 100) / 100))),
    [],
  );
  const onKeyDown = useCallback(
    (event) => {
      if (event.key === "+" || event.key === "=") zoomBy(ZOOM_STEP);
      else if (event.key === "-") zoomBy(-ZOOM_STEP);
      else if (event.key === "0") setZoom(1);
      else return;
      event.preventDefault();
    },
    [zoomBy],
  );
  const download = useCallback(() => {
    if (!bytes) return;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
    link.download = fileName || "document.pdf";
    document.body.appendChild(link);
    link.click();
    setTimeout(() => {
      URL.revokeObjectURL(link.href);
      link.remove();
    }, 1000);
  }, [bytes, fileName]);

  // Keep offline: the bytes already fetched, stored by offline.js under the address without its
  // token (a protected file is marked so that logout removes it).
  const [kept, setKept] = useState(false);
  useEffect(() => {
    setKept(false);
    isKept(url).then(setKept, () => setKept(false));
  }, [url]);
  const keep = useCallback(() => {
    if (!url || !bytes) return;
    const isProtected = new URL(url, window.location.href).searchParams.has("token");
    keepOffline(url, bytes, { title, protected: isProtected }).then(() => setKept(true), () => setKept(false));
  }, [url, bytes, title]);

  const count = doc ? doc.numPages : 0;
  const wanted = useMemo(() => (highlight || []).map(fold).filter(Boolean), [highlight]);
  const target = page > 0 && page <= count ? page : 0;
  // Once the pages are laid out at their width: the target page to the top of the scroller.
  useEffect(() => {
    if (!target || !width || !scroller.current) return;
    const node = scroller.current.querySelector(`[data-page="${target}"]`);
    if (node) {
      const box = scroller.current;
      box.scrollTop += node.getBoundingClientRect().top - box.getBoundingClientRect().top - 8;
    }
  }, [target, width, doc, baseSize]);
  // The page at the top of the scroller, told to `onPage(docCollection, docRecord, title, page)`
  // (a signed-in student's history: `remember`) once the scrolling has stopped for a moment, and
  // when the viewer goes: not on every scroll event. Offline, kept until the connection returns
  // (page_progress.js).
  const reports = remember && !!onPage && !!docCollection && !!docRecord;
  const latest = useRef(onPage);
  latest.current = onPage;
  const tell = useCallback((...args) => latest.current?.(...args), []);
  const reported = useRef(0);
  const report = useCallback(() => {
    const box = scroller.current;
    if (!reports || !box || !doc) return;
    const top = box.getBoundingClientRect().top + 8;
    const pages = box.querySelectorAll("[data-page]");
    let current = 0;
    for (const node of pages) {
      if (node.getBoundingClientRect().bottom > top) {
        current = Number(node.getAttribute("data-page"));
        break;
      }
    }
    if (current > 0 && current !== reported.current) {
      reported.current = current;
      sendPage(tell, docCollection, docRecord, title, current);
    }
  }, [reports, doc, tell, docCollection, docRecord, title]);
  // Once the document is in: its address came from the page's state, so the page is hydrated. An
  // event sent before the hydration is dropped by the server, and the waiting pages with it.
  useEffect(() => {
    if (reports && doc) pageSender(tell);
  }, [reports, doc, tell]);
  useEffect(() => {
    const box = scroller.current;
    if (!reports || !box || !doc) return undefined;
    let timer = 0;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(report, PAGE_REPORT_MS);
    };
    const now = () => {
      clearTimeout(timer);
      report();
    };
    box.addEventListener("scroll", later, { passive: true });
    window.addEventListener("pagehide", now);
    later();
    return () => {
      box.removeEventListener("scroll", later);
      window.removeEventListener("pagehide", now);
      now();
    };
  }, [reports, doc, report]);
  const button = (label, onClick, content, disabled) =>
    h(
      "button",
      { type: "button", onClick, disabled, "aria-label": label, title: label, className: "pdf-button" },
      content,
    );

  return h(
    "div",
    { className: "pdf-viewer", "data-testid": "pdf-viewer", "data-src": url, "data-target-page": target || undefined },
    h(
      "div",
      { className: "pdf-toolbar", role: "toolbar", "aria-label": title },
      h("span", { className: "pdf-count", "aria-live": "polite" }, doc ? counted(text.pageCount, count) : ""),
      button(text.zoomOut, () => zoomBy(-ZOOM_STEP), "\u2212", !doc || zoom <= ZOOM_MIN),
      h("span", { className: "pdf-zoom", "aria-hidden": "true" }, `${Math.round(zoom * 100)}%`),
      button(text.zoomIn, () => zoomBy(ZOOM_STEP), "+", !doc || zoom >= ZOOM_MAX),
      button(text.fit, () => setZoom(1), "\u2194", !doc),
      h(
        "button",
        { type: "button", onClick: download, disabled: !bytes, className: "pdf-button pdf-download" },
        text.download,
      ),
      h(
        "button",
        {
          type: "button",
          onClick: keep,
          disabled: !bytes || kept,
          "aria-pressed": kept,
          className: "pdf-button",
          "data-testid": "keep-offline",
        },
        kept ? text.kept : text.keep,
      ),
    ),
    h(
      "div",
      {
        ref: scroller,
        className: "pdf-pages",
        tabIndex: 0,
        role: "document",
        "aria-label": title,
        "aria-busy": !doc && !failed,
        onKeyDown,
      },
      failed
        ? h("p", { role: "alert", className: "pdf-status" }, text.failed)
        : !doc
          ? h("p", { className: "pdf-status" }, text.loading)
          : Array.from({ length: count }, (_, i) =>
              h(Page, {
                key: i + 1,
                pdf: doc,
                pdfjs,
                number: i + 1,
                count,
                width,
                zoom,
                baseSize,
                label: text.page,
                wanted,
                target,
              }),
            ),
    ),
  );
}
