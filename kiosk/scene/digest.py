"""A scene's digest: a hash of what a painter draws, so a picture can be proved equal to another.

A scene is data in millimetres (:mod:`kiosk.scene.primitives`), so a canonical encoding of it
can be hashed.  :func:`scene_digest` encodes, in painting order, the page (its size and
background) and every primitive with everything the painters read from it:

* a shape: its path (every sub-path's start, each line and curve segment, closed or not), fill,
  stroke colour, stroke width and dash;
* a text run: its baseline origin, its text and the font by name (``kiosk-sans-bold``: the
  bundled faces, :mod:`kiosk.scene.fonts`), the em size, colour, glyph ids and offsets, width,
  rotation and its origin;
* an image: its box and the SHA-256 of the file's bytes (not its path: a logo saved in another
  folder is the same picture);
* a clipped group: the clip path and its primitives.

What no painter draws is left out (a shape's layout ``area`` name, the scene's ``areas`` outlines
and ``lit`` names: the lit appearance is drawn by primitives of its own).  Lengths are rounded to
:data:`PRECISION_MM` (integers of micrometres) and angles to :data:`PRECISION_DEG`, so the last
bit of a float (another machine's ``sin``) cannot change a digest while 0.1 mm always does.
Colours are their 0-255 integers.  The encoding is JSON (sorted, no spaces, ASCII), tagged
:data:`ENCODING`; the digest is ``"sha256:"`` and 64 hex digits.

:func:`frames_digest` is the digest of what a screen shows in turn (a view's frames and the
seconds each is shown): one frame shown still has the digest of its scene.

:data:`COMPOSER` names the code that composes scenes, so a digest is compared only with one made
by the same composer: ``kiosk <version>+<16 hex digits>``, the package version and a SHA-256 of
every file that can change a composed scene (:func:`composer_sources`: the sources of
``kiosk.views``, ``kiosk.scene``, ``kiosk.floor`` and ``kiosk.rules`` with their data, the
shipped ``layouts/`` and the bundled fonts).  It changes with any edit to one of them (line
endings aside), a release, or a font; it does not change with the state, the host or its
locale.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path as FilePath

from kiosk import __version__
from kiosk.scene.memo import IdentityMemo
from kiosk.scene.primitives import Clipped, Colour, Image, Path, Primitive, Scene, Shape, TextRun
from kiosk.scene.resources import assets_dir, layouts_dir

__all__ = [
    "COMPOSER",
    "ENCODING",
    "PRECISION_DEG",
    "PRECISION_MM",
    "composer",
    "composer_sources",
    "encode_scene",
    "frames_digest",
    "scene_digest",
]

ENCODING = "kiosk-scene/1"
"""The name of the canonical encoding (a change of encoding changes this and every digest)."""
PRECISION_MM = 0.001
"""Lengths are encoded in whole micrometres."""
PRECISION_DEG = 0.001
"""Angles are encoded in thousandths of a degree."""

_UM = round(1 / PRECISION_MM)
_MDEG = round(1 / PRECISION_DEG)

Encoded = list[object]


def _mm(value: float) -> int | str:
    """A length as whole micrometres (``-0`` is ``0``; a length that is not finite by its name,
    so no scene makes the digest fail)."""
    number = float(value)
    return int(round(number * _UM)) if math.isfinite(number) else str(number)


def _deg(value: float) -> int | str:
    number = float(value)
    return int(round(number * _MDEG)) if math.isfinite(number) else str(number)


def _colour(colour: Colour | None) -> list[int] | None:
    return None if colour is None else [int(c) for c in colour]


def _path(path: Path) -> Encoded:
    out: Encoded = []
    for sub in path.subpaths:
        segments: Encoded = [[seg[0], *(_mm(v) for v in seg[1:])] for seg in sub.segments]
        out.append([_mm(sub.start[0]), _mm(sub.start[1]), bool(sub.closed), segments])
    return out


@cache
def _bytes_digest(name: str, _mtime_ns: int, _size: int) -> str:
    try:
        return hashlib.sha256(FilePath(name).read_bytes()).hexdigest()
    except OSError:
        return "missing"


def _file_digest(name: str) -> str:
    """SHA-256 of a file's bytes (``"missing"`` when it cannot be read: a painter draws nothing);
    read again when the file changes."""
    try:
        stat = os.stat(name)
    except OSError:
        return "missing"
    return _bytes_digest(name, stat.st_mtime_ns, stat.st_size)


def _item(item: Primitive) -> Encoded:
    if isinstance(item, Shape):
        dash = None if item.dash_mm is None else [_mm(item.dash_mm[0]), _mm(item.dash_mm[1])]
        return ["shape", _path(item.path), _colour(item.fill), _colour(item.stroke), _mm(item.stroke_mm), dash]
    if isinstance(item, TextRun):
        return [
            "text",
            _mm(item.x),
            _mm(item.y),
            item.text,
            item.face.key,
            _mm(item.size_mm),
            _colour(item.fill),
            [int(g) for g in item.glyphs],
            [_mm(o) for o in item.offsets_mm],
            _mm(item.width_mm),
            _deg(item.rotate_deg),
            [_mm(item.origin[0]), _mm(item.origin[1])],
        ]
    if isinstance(item, Image):
        source = item.source
        digest = _file_digest(str(source)) if isinstance(source, (str, FilePath)) else "missing"
        return ["image", _mm(item.x), _mm(item.y), _mm(item.w), _mm(item.h), digest]
    if isinstance(item, Clipped):
        return ["clip", _path(item.clip), [_item(i) for i in item.items]]
    raise TypeError(f"not a scene primitive: {type(item).__name__}")


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


_encoded: IdentityMemo[str] = IdentityMemo(50_000)  # encoded primitives, by primitive


def _item_text(item: Primitive) -> str:
    """``_item(item)`` as JSON text.  A shape's or a text run's is remembered by the primitive
    itself (a display reporting what it shows digests its scene after every change, and most
    of its primitives are the same objects as before: :mod:`kiosk.views.placing`); an image's
    is not, its file may change under it."""
    if isinstance(item, Image | Clipped):
        return _dumps(_item(item))
    return _encoded.get(item, lambda: _dumps(_item(item)))


def encode_scene(scene: Scene) -> bytes:
    """The canonical encoding of ``scene`` (see the module doc): the bytes :func:`scene_digest` hashes,
    ``[ENCODING, width, height, background, [item, ...]]`` as compact JSON."""
    head = _dumps([ENCODING, _mm(scene.width_mm), _mm(scene.height_mm), _colour(scene.background)])
    items = ",".join(_item_text(item) for item in scene.items)
    return f"{head[:-1]},[{items}]]".encode("ascii")


def scene_digest(scene: Scene) -> str:
    """``"sha256:<64 hex>"`` of the canonical encoding of ``scene``: equal for scenes a painter
    draws alike, different for any visible change (a colour, a letter, 0.1 mm)."""
    return "sha256:" + hashlib.sha256(encode_scene(scene)).hexdigest()


def frames_digest(frames: Sequence[Scene], frame_seconds: float | None = None) -> str:
    """The digest of scenes shown in turn, each for ``frame_seconds``: one frame shown still is
    its :func:`scene_digest`; several are a hash of their digests, in order, and the seconds."""
    if not frames:
        raise ValueError("no frames to digest")
    if len(frames) == 1:
        return scene_digest(frames[0])
    seconds = None if frame_seconds is None else int(round(frame_seconds * 1000))  # milliseconds
    doc = [ENCODING + "+frames", seconds, [scene_digest(f) for f in frames]]
    encoded = json.dumps(doc, separators=(",", ":"), ensure_ascii=True).encode("ascii")
    return "sha256:" + hashlib.sha256(encoded).hexdigest()


# --------------------------------------------------------------------------- the composer

_PACKAGE = FilePath(__file__).resolve().parents[1]  # .../kiosk
_SOURCE_PACKAGES = ("views", "scene", "floor", "rules")
_TEXT_SUFFIXES = frozenset({".py", ".json", ".toml", ".md", ".txt"})


def composer_sources() -> list[tuple[str, FilePath]]:
    """``(name, file)`` of every file :data:`COMPOSER` hashes, sorted by name."""
    files: list[tuple[str, FilePath]] = []
    for package in _SOURCE_PACKAGES:
        root = _PACKAGE / package
        files += [
            (f"kiosk/{p.relative_to(root.parent).as_posix()}", p)
            for p in root.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".json")
        ]
    files += [(f"layouts/{p.name}", p) for p in layouts_dir().glob("*.toml")]
    files += [(f"assets/fonts/{p.name}", p) for p in (assets_dir() / "fonts").glob("*.ttf")]
    return sorted(files)


def _content(path: FilePath) -> bytes:
    data = path.read_bytes()
    return data.replace(b"\r\n", b"\n") if path.suffix in _TEXT_SUFFIXES else data


def _composer(files: Iterable[tuple[str, FilePath]]) -> str:
    sha = hashlib.sha256()
    for name, path in files:
        content = _content(path)
        sha.update(f"{name}\0{len(content)}\0".encode())
        sha.update(content)
    return f"kiosk {__version__}+{sha.hexdigest()[:16]}"


@cache
def composer() -> str:
    """:data:`COMPOSER`, computed once."""
    return _composer(composer_sources())


COMPOSER: str = composer()
"""What identifies the composing code: ``kiosk <version>+<16 hex digits>`` (see the module doc)."""
