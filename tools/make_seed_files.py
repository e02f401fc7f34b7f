"""Generate the demo images and PDFs in pb/pb_seed/ (run once; the output is committed).

The seed migration (pb/pb_migrations/*_seed_demo.js) attaches these files to demo
records. Nothing here runs at site start-up or in tests.

Needs Pillow, which is NOT a project dependency; use any throwaway virtualenv:

    python3 -m venv /tmp/genvenv && /tmp/genvenv/bin/pip install pillow
    /tmp/genvenv/bin/python tools/make_seed_files.py

Images are simple gradients with shapes and a caption (JPEG; PNG for logos), sized to
the aspect ratio of the thumbs of the field they go into. PDFs are hand-written
single-page PDF 1.4 files with a page of text (standard Helvetica font).
"""

from __future__ import annotations

import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

OUT = Path(__file__).resolve().parents[1] / "pb" / "pb_seed"

FONT_DIRS = [
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/Library/Fonts"),
]


def font(size: int, bold: bool = True) -> ImageFont.ImageFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for d in FONT_DIRS:
        if (d / name).exists():
            return ImageFont.truetype(str(d / name), size)
    return ImageFont.load_default(size=size)


def hex_rgb(h: str) -> tuple[int, int, int]:
    h = h.lstrip("#")
    return tuple(int(h[i : i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


def gradient(w: int, h: int, top: str, bottom: str) -> Image.Image:
    a, b = hex_rgb(top), hex_rgb(bottom)
    img = Image.new("RGB", (w, h))
    draw = ImageDraw.Draw(img)
    for y in range(h):
        t = y / max(h - 1, 1)
        draw.line([(0, y), (w, y)], fill=tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3)))
    return img


def fit_text(draw: ImageDraw.ImageDraw, text: str, max_w: int, size: int, bold: bool = True):
    while size > 10:
        f = font(size, bold)
        if draw.textlength(text, font=f) <= max_w:
            return f
        size -= 2
    return font(size, bold)


def make_image(
    name: str,
    size: tuple[int, int],
    colours: tuple[str, str],
    title: str,
    subtitle: str = "",
    motif: str = "circles",
    seed: int = 0,
) -> None:
    w, h = size
    rnd = random.Random(seed or hash(name) & 0xFFFF)
    img = gradient(w, h, *colours).convert("RGBA")
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    unit = min(w, h)
    if motif == "circles":
        for _ in range(5):
            r = rnd.randint(unit // 8, unit // 3)
            x, y = rnd.randint(0, w), rnd.randint(0, h)
            d.ellipse([x - r, y - r, x + r, y + r], fill=(255, 255, 255, rnd.randint(25, 60)))
    elif motif == "stripes":
        for i in range(-h, w, max(unit // 5, 20)):
            d.polygon([(i, h), (i + h, 0), (i + h + unit // 12, 0), (i + unit // 12, h)], fill=(255, 255, 255, 30))
    elif motif == "blocks":
        for _ in range(6):
            bw, bh = rnd.randint(unit // 6, unit // 2), rnd.randint(unit // 8, unit // 3)
            x, y = rnd.randint(0, w - bw), rnd.randint(0, h - bh)
            d.rounded_rectangle([x, y, x + bw, y + bh], radius=unit // 30, fill=(255, 255, 255, rnd.randint(25, 55)))
    elif motif == "book":
        cx, cy = w // 2, int(h * 0.42)
        bw, bh = unit // 2, unit // 3
        d.rounded_rectangle(
            [cx - bw // 2, cy - bh // 2, cx + bw // 2, cy + bh // 2], radius=8, fill=(255, 255, 255, 200)
        )
        d.line([(cx, cy - bh // 2), (cx, cy + bh // 2)], fill=(0, 0, 0, 90), width=3)
        for k in range(1, 5):
            yy = cy - bh // 2 + k * bh // 5
            d.line([(cx - bw // 2 + 12, yy), (cx - 12, yy)], fill=(0, 0, 0, 60), width=2)
            d.line([(cx + 12, yy), (cx + bw // 2 - 12, yy)], fill=(0, 0, 0, 60), width=2)
    elif motif == "monogram":
        d.ellipse([unit // 10, unit // 10, w - unit // 10, h - unit // 10], fill=(255, 255, 255, 45))
    elif motif == "house":
        cx, base = w // 2, int(h * 0.62)
        s = unit // 3
        d.rectangle([cx - s // 2, base - s // 2, cx + s // 2, base + s // 3], fill=(255, 255, 255, 210))
        d.polygon(
            [(cx - s // 2 - 20, base - s // 2), (cx, base - s), (cx + s // 2 + 20, base - s // 2)],
            fill=(150, 40, 40, 220),
        )
        d.rectangle([cx - s // 10, base - s // 8, cx + s // 10, base + s // 3], fill=(90, 60, 30, 230))
    elif motif == "face":
        cx, cy, r = w // 2, int(h * 0.45), unit // 3
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(255, 255, 255, 70))
        d.ellipse([cx - r // 2, cy - r // 2 - r // 3, cx + r // 2, cy + r // 2 - r // 3], fill=(255, 230, 200, 235))
        d.pieslice([cx - r, cy + r // 4, cx + r, cy + 2 * r], 180, 360, fill=(255, 230, 200, 235))
    img = Image.alpha_composite(img, layer)
    draw = ImageDraw.Draw(img)
    pad = max(unit // 16, 8)
    if motif == "monogram":
        f = fit_text(draw, title, w - 2 * pad, unit // 2)
        box = draw.textbbox((0, 0), title, font=f)
        draw.text(
            ((w - (box[2] - box[0])) / 2 - box[0], (h - (box[3] - box[1])) / 2 - box[1]), title, font=f, fill="white"
        )
    elif motif == "face":
        f = fit_text(draw, title, w - 2 * pad, unit // 6)
        tw = draw.textlength(title, font=f)
        draw.text(
            ((w - tw) / 2, h - unit // 5 - pad // 2),
            title,
            font=f,
            fill="white",
            stroke_width=max(unit // 90, 1),
            stroke_fill=(0, 0, 0, 160),
        )
    else:
        tsize = unit // 7 if w / h < 2.2 else unit // 5
        f = fit_text(draw, title, w - 2 * pad, tsize)
        y = h - pad - (tsize + (tsize // 2 + 6 if subtitle else 0))
        draw.text((pad, y), title, font=f, fill="white", stroke_width=max(unit // 120, 1), stroke_fill=(0, 0, 0, 140))
        if subtitle:
            sf = fit_text(draw, subtitle, w - 2 * pad, tsize // 2, bold=False)
            draw.text((pad, y + tsize + 4), subtitle, font=sf, fill=(255, 255, 255, 235))
    out = img.convert("RGB")
    path = OUT / name
    if name.endswith(".png"):
        out = out.quantize(colors=64)
        out.save(path, "PNG", optimize=True)
    else:
        out.save(path, "JPEG", quality=70, optimize=True, progressive=True)


# --------------------------------------------------------------------------- PDFs


def pdf_escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def make_pdf(name: str, title: str, lines: list[str]) -> None:
    """A valid one-page A4 PDF with a title and body lines (ASCII only, Helvetica)."""
    ops = ["BT", "/F2 20 Tf", "56 780 Td", f"({pdf_escape(title)}) Tj", "/F1 11 Tf", "0 -30 Td"]
    for line in lines:
        ops.append(f"({pdf_escape(line)}) Tj")
        ops.append("0 -16 Td")
    ops.append("ET")
    ops.append("0.2 0.4 0.7 RG 2 w 56 800 m 539 800 l S")
    ops.append("BT /F1 8 Tf 56 40 Td (Student Portal demo document - not real course material.) Tj ET")
    stream = "\n".join(ops).encode("latin-1")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
        b"/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Title (%s) /Producer (tools/make_seed_files.py) >>" % pdf_escape(title).encode("latin-1"),
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, obj in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + obj + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 7 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    (OUT / name).write_bytes(bytes(out))


LOREM = [
    "1. Key definitions and the syllabus points this note covers.",
    "2. Worked examples with step-by-step solutions.",
    "3. Common mistakes seen in past papers and how to avoid them.",
    "4. Practice questions (answers on the last page of the full set).",
    "",
    "Tip: attempt each question under exam time before checking answers.",
]

PDFS: dict[str, tuple[str, list[str]]] = {
    # Uni Notes (protected)
    "note_engineering_maths.pdf": (
        "Engineering Mathematics I - Lecture Notes",
        ["University of Moratuwa - Semester 1 (MA1014)", "", *LOREM],
    ),
    "note_dsa.pdf": (
        "Data Structures & Algorithms - Kuppi Notes",
        ["University of Colombo School of Computing", "", *LOREM],
    ),
    "note_microeconomics.pdf": (
        "Principles of Microeconomics - Summary",
        ["University of Peradeniya - Faculty of Arts", "", *LOREM],
    ),
    "note_organic_chem.pdf": (
        "Organic Chemistry - Reaction Mechanisms",
        ["University of Sri Jayewardenepura", "", *LOREM],
    ),
    "note_circuit_theory.pdf": (
        "Circuit Theory - Tutorial Answers",
        ["University of Ruhuna - Faculty of Engineering", "", *LOREM],
    ),
    "note_sociology.pdf": ("Introduction to Sociology - Short Notes", ["University of Kelaniya", "", *LOREM]),
    # Class notes (protected, per teacher)
    "class_maths_integration.pdf": ("Combined Maths - Integration", ["Theory class handout", "", *LOREM]),
    "class_maths_vectors.pdf": ("Combined Maths - Vectors", ["Theory class handout", "", *LOREM]),
    "class_physics_mechanics.pdf": ("Physics - Mechanics", ["Theory class handout", "", *LOREM]),
    "class_physics_waves.pdf": ("Physics - Waves and Oscillations", ["Revision handout", "", *LOREM]),
    "class_chem_organic.pdf": ("Chemistry - Organic Chemistry", ["Theory class handout", "", *LOREM]),
    "class_chem_physical.pdf": ("Chemistry - Physical Chemistry", ["Revision handout", "", *LOREM]),
    "class_ict_programming.pdf": ("ICT - Python Programming", ["Theory class handout", "", *LOREM]),
    "class_ict_networks.pdf": ("ICT - Data Communication and Networks", ["Revision handout", "", *LOREM]),
    # O/L and A/L papers and notes (public)
    "ol_maths_paper.pdf": ("G.C.E. O/L Mathematics - Past Paper", ["Part I and Part II", "", *LOREM]),
    "ol_science_paper.pdf": ("G.C.E. O/L Science - Past Paper", ["Part I and Part II", "", *LOREM]),
    "ol_short_note.pdf": ("G.C.E. O/L - Short Notes", ["Quick revision", "", *LOREM]),
    "al_maths_paper.pdf": ("G.C.E. A/L Combined Mathematics - Past Paper", ["Paper I and Paper II", "", *LOREM]),
    "al_physics_paper.pdf": ("G.C.E. A/L Physics - Past Paper", ["MCQ and Structured Essay", "", *LOREM]),
    "al_short_note.pdf": ("G.C.E. A/L - Unit Summary Notes", ["Quick revision", "", *LOREM]),
    "al_physics_marking_scheme.pdf": (
        "G.C.E. A/L Physics - Marking Scheme",
        ["Paper I (MCQ) answers and Paper II marks for each part", "", *LOREM],
    ),
    "al_maths_marking_scheme.pdf": (
        "G.C.E. A/L Combined Mathematics - Marking Scheme",
        ["Paper II: model answers and marks for each part", "", *LOREM],
    ),
}

# name -> (size, (top, bottom), title, subtitle, motif)
BANNER = (1280, 480)
IMAGES: dict[str, tuple[tuple[int, int], tuple[str, str], str, str, str]] = {
    # Products 400x400
    "product_cr_book.jpg": ((400, 400), ("#1e3a8a", "#3b82f6"), "CR Book", "120 pages, single ruled", "book"),
    "product_pens.jpg": ((400, 400), ("#9d174d", "#f472b6"), "Pens & Pencils", "Combo pack #2", "stripes"),
    "product_calculator.jpg": ((400, 400), ("#111827", "#4b5563"), "fx-991ES Plus", "Scientific calculator", "blocks"),
    "product_pastpapers.jpg": ((400, 400), ("#065f46", "#34d399"), "Past Papers", "A/L Combined Maths", "book"),
    "product_bag.jpg": ((400, 400), ("#7c2d12", "#f97316"), "School Bag", "Water resistant", "blocks"),
    "product_usb.jpg": ((400, 400), ("#312e81", "#818cf8"), "USB 32GB", "Flash drive", "blocks"),
    "product_geometry.jpg": ((400, 400), ("#365314", "#a3e635"), "Geometry Box", "Maths set", "circles"),
    "product_model_papers.jpg": ((400, 400), ("#581c87", "#c084fc"), "Model Papers", "Physics 2026", "book"),
    "product_highlighters.jpg": ((400, 400), ("#a16207", "#fde047"), "Highlighters", "5 colours", "stripes"),
    # Home slides
    "mslide_1.jpg": ((640, 640), ("#0f766e", "#5eead4"), "Kuppi Recordings", "Learn anywhere", "circles"),
    "mslide_2.jpg": ((640, 640), ("#1d4ed8", "#93c5fd"), "Uni Notes", "Sign in for notes", "book"),
    "mslide_3.jpg": ((640, 640), ("#b45309", "#fcd34d"), "Tuition Classes", "Live on Zoom", "blocks"),
    "dslide_1.jpg": (
        BANNER,
        ("#0f766e", "#5eead4"),
        "Kuppi Recordings",
        "Free lessons by university students",
        "circles",
    ),
    "dslide_2.jpg": (BANNER, ("#1d4ed8", "#93c5fd"), "Uni Notes", "Moratuwa, Peradeniya, Colombo and more", "book"),
    "dslide_3.jpg": (BANNER, ("#b45309", "#fcd34d"), "Tuition Classes", "Join live classes on Zoom", "blocks"),
    # News 640x360
    "news_1.jpg": ((640, 360), ("#1e40af", "#60a5fa"), "A/L Results 2025", "Released by the Department", "stripes"),
    "news_2.jpg": ((640, 360), ("#166534", "#4ade80"), "Z-Score Cut-offs", "UGC announcement", "blocks"),
    "news_3.jpg": ((640, 360), ("#9a3412", "#fb923c"), "Mahapola Scholarship", "Applications open", "circles"),
    "news_4.jpg": ((640, 360), ("#6b21a8", "#d8b4fe"), "O/L Exam Timetable", "Check your dates", "stripes"),
    "news_5.jpg": ((640, 360), ("#334155", "#94a3b8"), "Site Maintenance", "Old notice", "blocks"),
    "news_6.jpg": ((640, 360), ("#be123c", "#fda4af"), "Kuppi Marathon", "Free revision week", "circles"),
    # Social cards 480x270
    "social_youtube.jpg": ((480, 270), ("#b91c1c", "#ef4444"), "YouTube", "Kuppi channel", "circles"),
    "social_facebook.jpg": ((480, 270), ("#1e3a8a", "#3b82f6"), "Facebook", "Student community", "blocks"),
    "social_tiktok.jpg": ((480, 270), ("#111827", "#0ea5e9"), "TikTok", "60-second tips", "stripes"),
    "social_whatsapp.jpg": ((480, 270), ("#14532d", "#22c55e"), "WhatsApp Channel", "Daily updates", "circles"),
    "social_telegram.jpg": ((480, 270), ("#075985", "#38bdf8"), "Telegram", "Notes group", "blocks"),
    # Teachers: avatars 256x256, backgrounds 1280x320
    "avatar_1.jpg": ((256, 256), ("#1e3a8a", "#60a5fa"), "N. Perera", "", "face"),
    "avatar_2.jpg": ((256, 256), ("#9d174d", "#f9a8d4"), "D. Jayasinghe", "", "face"),
    "avatar_3.jpg": ((256, 256), ("#065f46", "#6ee7b7"), "C. Bandara", "", "face"),
    "avatar_4.jpg": ((256, 256), ("#7c2d12", "#fdba74"), "T. Fernando", "", "face"),
    "notes_bg_1.jpg": ((1280, 320), ("#1e3a8a", "#60a5fa"), "Combined Maths Notes", "Dr. Nuwan Perera", "stripes"),
    "notes_bg_2.jpg": ((1280, 320), ("#9d174d", "#f9a8d4"), "Physics Notes", "Ms. Dilani Jayasinghe", "stripes"),
    "notes_bg_3.jpg": ((1280, 320), ("#065f46", "#6ee7b7"), "Chemistry Notes", "Mr. Chaminda Bandara", "stripes"),
    "notes_bg_4.jpg": ((1280, 320), ("#7c2d12", "#fdba74"), "ICT Notes", "Ms. Tharushi Fernando", "stripes"),
    "rec_bg_1.jpg": ((1280, 320), ("#172554", "#3b82f6"), "Class Recordings", "Combined Maths", "circles"),
    "rec_bg_2.jpg": ((1280, 320), ("#500724", "#ec4899"), "Class Recordings", "Physics", "circles"),
    "rec_bg_3.jpg": ((1280, 320), ("#022c22", "#10b981"), "Class Recordings", "Chemistry", "circles"),
    "rec_bg_4.jpg": ((1280, 320), ("#431407", "#f97316"), "Class Recordings", "ICT", "circles"),
    # Section slides 1280x480
    "notes_slide_1.jpg": (BANNER, ("#1e3a8a", "#93c5fd"), "Uni Notes", "Lecture notes from senior students", "book"),
    "notes_slide_2.jpg": (BANNER, ("#3730a3", "#a5b4fc"), "Exam Season", "Short notes for every module", "book"),
    "notes_slide_3.jpg": (BANNER, ("#155e75", "#67e8f9"), "Share Your Notes", "Help your batch mates", "circles"),
    "rec_slide_1.jpg": (BANNER, ("#991b1b", "#fca5a5"), "Kuppi Recordings", "Watch, pause, revise", "circles"),
    "rec_slide_2.jpg": (BANNER, ("#9a3412", "#fdba74"), "New This Week", "Economics and ICT sessions", "stripes"),
    "rec_slide_3.jpg": (BANNER, ("#854d0e", "#fde68a"), "Request a Kuppi", "Tell us the topic", "blocks"),
    "ol_slide_1.jpg": (BANNER, ("#166534", "#86efac"), "O/L Resources", "Past papers and short notes", "book"),
    "ol_slide_2.jpg": (BANNER, ("#115e59", "#5eead4"), "O/L Science", "Sinhala and English medium", "circles"),
    "ol_slide_3.jpg": (BANNER, ("#3f6212", "#bef264"), "O/L Maths", "Practice every day", "stripes"),
    "al_slide_1.jpg": (BANNER, ("#581c87", "#d8b4fe"), "A/L Resources", "Papers, marking schemes, notes", "book"),
    "al_slide_2.jpg": (BANNER, ("#701a75", "#f0abfc"), "A/L Physics", "Structured and essay questions", "circles"),
    "al_slide_3.jpg": (BANNER, ("#4c1d95", "#c4b5fd"), "Combined Maths", "Paper I and Paper II", "stripes"),
    # Class promotions 600x450
    "promo_1.jpg": (
        (600, 450),
        ("#1e3a8a", "#60a5fa"),
        "2027 A/L Theory",
        "Combined Maths - Colombo & Online",
        "blocks",
    ),
    "promo_2.jpg": ((600, 450), ("#9d174d", "#f9a8d4"), "Physics Revision", "Paper classes every Sunday", "circles"),
    "promo_3.jpg": ((600, 450), ("#7c2d12", "#fdba74"), "ICT for O/L", "Grade 10 & 11 - Kandy", "stripes"),
    # O/L and A/L item covers 400x300
    "item_paper_1.jpg": ((400, 300), ("#1e40af", "#93c5fd"), "Past Paper", "Maths", "book"),
    "item_paper_2.jpg": ((400, 300), ("#166534", "#86efac"), "Past Paper", "Science", "book"),
    "item_paper_3.jpg": ((400, 300), ("#6b21a8", "#d8b4fe"), "Past Paper", "Physics", "book"),
    "item_note_1.jpg": ((400, 300), ("#9a3412", "#fdba74"), "Short Note", "Revision", "stripes"),
    "item_note_2.jpg": ((400, 300), ("#0f766e", "#5eead4"), "Short Note", "Theory", "stripes"),
    "item_note_3.jpg": ((400, 300), ("#be123c", "#fda4af"), "Short Note", "Formulae", "stripes"),
    # Bodim / hotels 640x400
    "hotel_1.jpg": ((640, 400), ("#0369a1", "#bae6fd"), "Katubedda Bodim", "Near University of Moratuwa", "house"),
    "hotel_2.jpg": ((640, 400), ("#15803d", "#bbf7d0"), "Peradeniya Annex", "Walk to campus", "house"),
    "hotel_3.jpg": ((640, 400), ("#a16207", "#fef08a"), "Kelaniya Girls' Hostel", "Safe and quiet", "house"),
    "hotel_4.jpg": ((640, 400), ("#7e22ce", "#e9d5ff"), "Nugegoda Rooms", "Near Sri J'pura", "house"),
    "hotel_5.jpg": ((640, 400), ("#be185d", "#fbcfe8"), "Wellawatte Flat", "Sea side, Colombo 06", "house"),
    "hotel_6.jpg": ((640, 400), ("#0f766e", "#99f6e4"), "Galle Road Annex", "Near Ruhuna Engineering", "house"),
    "hotel_7.jpg": ((640, 400), ("#475569", "#e2e8f0"), "Kandy Lake View", "Single rooms", "house"),
    # Job logos 192x192 (PNG)
    "logo_1.png": ((192, 192), ("#0f172a", "#334155"), "LS", "", "monogram"),
    "logo_2.png": ((192, 192), ("#991b1b", "#f87171"), "CT", "", "monogram"),
    "logo_3.png": ((192, 192), ("#065f46", "#34d399"), "HB", "", "monogram"),
    "logo_4.png": ((192, 192), ("#1e3a8a", "#60a5fa"), "DX", "", "monogram"),
    "logo_5.png": ((192, 192), ("#92400e", "#fbbf24"), "KC", "", "monogram"),
    "logo_6.png": ((192, 192), ("#6b21a8", "#c084fc"), "SA", "", "monogram"),
    "logo_7.png": ((192, 192), ("#0e7490", "#67e8f9"), "JT", "", "monogram"),
}

README = """# Demo seed files

Generated by `tools/make_seed_files.py` (Pillow, run once) and committed. The seed
migration `pb/pb_migrations/*_seed_demo.js` attaches them to demo records; PocketBase
copies each into its own storage (with a random name suffix), so these originals are
never served directly. Images are sized to the aspect ratio of the field thumbs; PDFs
are one-page placeholders, not real course material.
"""


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for i, (name, (size, colours, title, subtitle, motif)) in enumerate(sorted(IMAGES.items())):
        make_image(name, size, colours, title, subtitle, motif, seed=i + 1)
    for name, (title, lines) in PDFS.items():
        make_pdf(name, title, lines)
    (OUT / "README.md").write_text(README)
    total = sum(p.stat().st_size for p in OUT.iterdir())
    print(f"{len(IMAGES)} images, {len(PDFS)} PDFs, {total / 1024:.0f} KiB in {OUT}")


if __name__ == "__main__":
    main()
