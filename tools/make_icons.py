"""Draw the app icons of the web manifest (assets/icons/*.png): "SP" on the site's blue.

Run once when the logo changes (`pip install pillow`, then `python tools/make_icons.py`); the
PNGs are committed, so neither the build nor the site needs Pillow. The maskable icon keeps the
letters inside the central 80% "safe zone" that Android may crop to a circle or squircle.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

BLUE = (29, 78, 216)  # Tailwind blue-700, the header logo's colour
OUT = Path(__file__).resolve().parents[1] / "assets" / "icons"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def draw(size: int, *, maskable: bool) -> Image.Image:
    image = Image.new("RGB", (size, size), BLUE) if maskable else Image.new("RGBA", (size, size), (0, 0, 0, 0))
    canvas = ImageDraw.Draw(image)
    if not maskable:
        canvas.rounded_rectangle((0, 0, size - 1, size - 1), radius=size // 6, fill=BLUE)
    font = ImageFont.truetype(FONT, int(size * (0.34 if maskable else 0.44)))
    canvas.text((size / 2, size / 2), "SP", font=font, fill="white", anchor="mm")
    return image


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        draw(size, maskable=False).save(OUT / f"icon-{size}.png", optimize=True)
    draw(512, maskable=True).save(OUT / "icon-maskable-512.png", optimize=True)


if __name__ == "__main__":
    main()
