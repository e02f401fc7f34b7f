"""PDFs made inside the tests: pages of English, Sinhala and Tamil Unicode text (Debian's Noto
fonts, `make fonts`), a page typed in a legacy font, a scanned page (a picture, no text)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from fpdf import FPDF
from PIL import Image
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject

NOTO = Path("/usr/share/fonts/truetype/noto")
FONTS = {"sinhala": NOTO / "NotoSansSinhala-Regular.ttf", "tamil": NOTO / "NotoSansTamil-Regular.ttf"}
LEGACY_MARK = "Helvetica-Oblique"  # the core font a legacy page is written in, then renamed


class Page:
    """One page: `text` in `script` ("latin", "sinhala", "tamil"), or typed as `legacy_font`
    draws it (ASCII codes, the font renamed so), or a scan (`scan=True`: a picture, no text)."""

    def __init__(self, text: str = "", script: str = "latin", legacy_font: str = "", scan: bool = False) -> None:
        self.text, self.script, self.legacy_font, self.scan = text, script, legacy_font, scan


def make_pdf(pages: Sequence[Page | str]) -> bytes:
    pdf = FPDF()
    for name, path in FONTS.items():
        pdf.add_font(name, fname=str(path))
    for page in pages:
        page = Page(page) if isinstance(page, str) else page
        pdf.add_page()
        if page.scan:
            picture = io.BytesIO()
            Image.new("L", (200, 280), 200).save(picture, format="PNG")
            pdf.image(picture, x=10, y=10, w=150)
            continue
        if page.legacy_font:
            pdf.set_font("Helvetica", style="I", size=14)
        elif page.script == "latin":
            pdf.set_font("Helvetica", size=14)
        else:
            pdf.set_font(page.script, size=14)
        pdf.multi_cell(0, 8, text=page.text)
    data = bytes(pdf.output())
    legacy = {p.legacy_font for p in pages if isinstance(p, Page) and p.legacy_font}
    return _renamed(data, legacy.pop()) if legacy else data


def _renamed(data: bytes, font_name: str) -> bytes:
    """The legacy pages' font given the legacy font's name, as a PDF made with it carries."""
    reader = PdfReader(io.BytesIO(data))
    writer = PdfWriter(clone_from=reader)
    for page in writer.pages:
        fonts = page["/Resources"].get_object().get("/Font", {})
        for key in fonts:
            font = fonts[key].get_object()
            if font.get("/BaseFont") == "/" + LEGACY_MARK:
                font[NameObject("/BaseFont")] = NameObject("/" + font_name)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
