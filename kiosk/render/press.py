"""Press conditions: the colour model an exported PDF is printed in, and its output intent.

``fogra39`` (the default): offset on coated paper, ISO 12647-2 (characterisation data
FOGRA39L).  The output intent embeds ``assets/icc/FOGRA39L_coated.icc``, a CMYK output
(printer) profile built from Fogra's FOGRA39L data as Debian's ``icc-profiles-free`` ships it
(Zlib licence; how it was made: ``assets/icc/README.md``).  Every vector colour of the
artwork is converted from sRGB to the press's CMYK through that profile (relative
colorimetric, as the print shop's RIP would), pure black to black ink alone (crisp text, no
registration fringes); raster images keep their RGB pixels, tagged with the sRGB ICC profile
(a device-independent colour space PDF/X-4 allows under any output intent).

``srgb``: the artwork stays RGB and the output intent is the sRGB profile (for a digital
printer or a shop that converts itself).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageCms

from kiosk.scene.resources import assets_dir

__all__ = ["PRESS_CONDITIONS", "DEFAULT_PRESS", "DEFAULT", "Ink", "PressCondition", "press_condition", "cmyk_of"]

Ink = Callable[[tuple[int, int, int]], tuple[float, float, float, float]]
"""A conversion of an sRGB colour (0-255 each) to CMYK (0-1 each)."""


@dataclass(frozen=True)
class PressCondition:
    """An output intent: ``key`` (what ``--press`` takes), the ICC profile file in
    ``assets/icc``, its colour model (``"CMYK"`` or ``"RGB"``), the output condition identifier
    and text written into the PDF, and what it is for (``--help``)."""

    key: str
    profile_file: str
    model: str
    identifier: str
    condition: str
    registry: str
    about: str

    @property
    def components(self) -> int:
        """``N`` of the profile: 4 for CMYK, 3 for RGB."""
        return 4 if self.model == "CMYK" else 3

    def profile(self) -> bytes:
        return _profile_bytes(self.profile_file)


PRESS_CONDITIONS: dict[str, PressCondition] = {
    "fogra39": PressCondition(
        key="fogra39",
        profile_file="FOGRA39L_coated.icc",
        model="CMYK",
        identifier="FOGRA39",
        condition="Offset printing, ISO 12647-2:2004/Amd 1, coated paper (paper type 1 or 2), 115 g/m2 (FOGRA39L)",
        registry="http://www.color.org",
        about="CMYK, offset on coated paper (FOGRA39, ISO 12647-2)",
    ),
    "srgb": PressCondition(
        key="srgb",
        profile_file="sRGB.icc",
        model="RGB",
        identifier="sRGB IEC61966-2.1",
        condition="sRGB IEC61966-2.1",
        registry="http://www.color.org",
        about="RGB artwork with an sRGB intent (digital printers; the shop converts)",
    ),
}
DEFAULT_PRESS = "fogra39"
DEFAULT: PressCondition = PRESS_CONDITIONS[DEFAULT_PRESS]
"""The press condition of an export given none (:data:`DEFAULT_PRESS`)."""


def press_condition(key: str) -> PressCondition:
    """The press condition named ``key``; :class:`ValueError` (one line) for another name."""
    try:
        return PRESS_CONDITIONS[key]
    except KeyError:
        raise ValueError(f"--press must be one of {', '.join(PRESS_CONDITIONS)}; got {key!r}") from None


@cache
def _profile_bytes(name: str) -> bytes:
    return (assets_dir() / "icc" / name).read_bytes()


@cache
def _transform(profile_file: str) -> ImageCms.ImageCmsTransform:
    source = ImageCms.createProfile("sRGB")
    target = ImageCms.ImageCmsProfile(io.BytesIO(_profile_bytes(profile_file)))
    return ImageCms.buildTransform(source, target, "RGB", "CMYK", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


@cache
def _cmyk(profile_file: str, rgb: tuple[int, int, int]) -> tuple[float, float, float, float]:
    if rgb == (0, 0, 0):
        return (0.0, 0.0, 0.0, 1.0)
    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), _transform(profile_file))
    assert pixel is not None
    value = pixel.getpixel((0, 0))
    assert isinstance(value, tuple)
    return (value[0] / 255, value[1] / 255, value[2] / 255, value[3] / 255)


def cmyk_of(press: PressCondition) -> Ink | None:
    """The conversion of an sRGB colour (0-255 each) to the press's CMYK (0-1 each), or
    ``None`` for an RGB press condition (the artwork stays as it is)."""
    if press.model != "CMYK":
        return None
    name = press.profile_file
    return lambda rgb: _cmyk(name, rgb)
