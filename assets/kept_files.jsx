// Files kept offline on this device (/saved): read from the browser's cache by offline.js, so
// the list works without a connection (no server round trip: Open draws the file right here with
// the pdf.js viewer, the service worker answering from the kept copy). Each shows its size and can
// be removed.
import { createElement as h, useEffect, useState } from "react";
import { KEPT_CHANGED, kept, remove } from "./offline.js";
import PdfViewer from "./pdf_viewer.jsx";

function size(bytes) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export default function KeptFiles({ labels = {}, viewerLabels = {} }) {
  const text = { heading: "Kept offline", open: "Open", close: "Close", remove: "Remove", none: "", ...labels };
  const [files, setFiles] = useState([]);
  const [open, setOpen] = useState(null);
  useEffect(() => {
    const load = () => kept().then(setFiles, () => setFiles([]));
    load();
    window.addEventListener(KEPT_CHANGED, load);
    return () => window.removeEventListener(KEPT_CHANGED, load);
  }, []);
  if (!files.length) return text.none ? h("p", { className: "text-slate-700" }, text.none) : null;
  return h(
    "section",
    { "aria-labelledby": "kept-files", "data-testid": "kept-files", className: "flex flex-col gap-4" },
    h("h2", { id: "kept-files", className: "text-xl font-bold text-slate-900" }, text.heading),
    h(
      "ul",
      { className: "grid gap-3" },
      files.map((file) =>
        h(
          "li",
          {
            key: file.url,
            "data-testid": "kept-file",
            className:
              "flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm",
          },
          h("span", { className: "min-w-0 flex-1 font-medium break-words text-slate-900" }, file.title || file.url),
          h("span", { className: "text-sm text-slate-700", "data-testid": "kept-size" }, size(file.size)),
          h(
            "button",
            {
              type: "button",
              onClick: () => setOpen(open?.url === file.url ? null : file),
              "aria-expanded": open?.url === file.url,
              className:
                "inline-flex min-h-11 items-center rounded-md bg-blue-700 px-3 text-sm font-semibold text-white hover:bg-blue-800",
            },
            open?.url === file.url ? text.close : text.open,
            h("span", { className: "sr-only" }, ` ${file.title}`),
          ),
          h(
            "button",
            {
              type: "button",
              onClick: () => remove(file.url),
              className:
                "inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100",
            },
            text.remove,
            h("span", { className: "sr-only" }, ` ${file.title}`),
          ),
          open?.url === file.url
            ? h(
                "div",
                { className: "flex h-[75dvh] w-full flex-col overflow-hidden rounded-md border border-slate-200" },
                h(PdfViewer, { url: file.url, title: file.title, fileName: `${file.title || "document"}.pdf`, labels: viewerLabels }),
              )
            : null,
        ),
      ),
    ),
  );
}
