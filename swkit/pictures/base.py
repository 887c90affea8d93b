"""What every picture shares: the palette, the WCAG contrast of text on its background, and
the SVG plumbing (an accessible ``<svg>`` element, text, groups, lines of words)."""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

__all__ = ["CLUBHOUSE_COLOR", "FONT", "INK", "MUTED", "PLAYER_COLORS", "contrast_ratio",
           "label_width", "svg_element", "svg_group", "svg_text", "text_color", "wrap_words"]

# -- the palette ----------------------------------------------------------------------------

PLAYER_COLORS: tuple[str, ...] = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7")
"""Token fill per seat 0..3 (Okabe–Ito orange, sky blue, bluish green, reddish purple)."""

CLUBHOUSE_COLOR = "#E69F00"
"""The fill of a Clubhouse (wild) die face (Okabe–Ito orange)."""

INK = "#1A1A1A"
"""Dark text and outlines."""

MUTED = "#595959"
"""Secondary text on white (7:1)."""

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
"""The pictures' and charts' font, with fallbacks."""


def _luminance(color: str) -> float:
    """WCAG relative luminance of ``#RRGGBB``."""
    channels = []
    for i in (1, 3, 5):
        c = int(color[i:i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(foreground: str, background: str) -> float:
    """The WCAG 2 contrast ratio (1 to 21) of two ``#RRGGBB`` colors; 4.5 reads as body text."""
    a, b = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def text_color(background: str) -> str:
    """Black-ish or white text, whichever contrasts more with ``background``."""
    return INK if contrast_ratio(INK, background) >= contrast_ratio("#FFFFFF", background) \
        else "#FFFFFF"


# -- SVG plumbing ---------------------------------------------------------------------------

def svg_element(width: float, height: float, body: Iterable[str], title: str) -> str:
    """A complete, accessible ``<svg>`` element around ``body``."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label={quoteattr(title)} '
            f'font-family={quoteattr(FONT)}><title>{escape(title)}</title>'
            + "".join(body) + "</svg>")


def svg_text(x: float, y: float, text: str, *, size: float = 14, fill: str = INK,
             anchor: str = "start", weight: str = "normal") -> str:
    """One ``<text>`` element at (``x``, ``y``), its words escaped."""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}">{escape(str(text))}</text>')


def label_width(text: str, size: float) -> float:
    """About how wide ``text`` is in bold at font ``size`` (DejaVu Sans: ~0.64 em a character),
    so a picture is made wide enough for its label."""
    return 0.64 * size * len(text)


def svg_group(x: float, y: float, parts: Iterable[str]) -> str:
    """``parts`` in one ``<g>`` moved to (``x``, ``y``)."""
    return f'<g transform="translate({x:g},{y:g})">' + "".join(parts) + "</g>"


def wrap_words(text: str, width: int) -> list[str]:
    """``text`` cut into lines of at most ``width`` characters at spaces."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines
