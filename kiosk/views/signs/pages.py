"""A sign too long for one screen, shown in pages that turn (Qt-free).

On paper a sign is one page; a screen may be too small for all of it at the 8 mm floor
(001 s459(2), 003 s23(2), s259(2), s295(2)).  The letters never get smaller: the sign is cut
into pages instead, each whole and legal on its own (the game's name, the title with "1 of 3",
the rows it holds and the citation), shown in turn by the display.  In this order:

* a sign that fits is one page, unchanged;
* a notice of a change ahead (003 s259(3), s295(3)) takes a page of its own rather than push
  the sign off the screen (all notices on one page when they fit, else one each), the game's
  name and the page's place in its band, the notice in place of the title;
* the rest is cut between blocks, and a table of rows between rows (each part keeping the
  column titles), as few pages as hold it, the rows shared out evenly so the pages read alike.

Only a piece that fits no page even alone (one row, one paragraph, a notice) makes the sign
impossible on this screen: :func:`pages` raises the typesetter's :class:`SignProblem` for it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from kiosk.language import tr
from kiosk.scene.primitives import Scene
from kiosk.views.signs.content import Block, Notice, Rows, SignContent, SignProblem
from kiosk.views.signs.typeset import compose_sign

__all__ = ["Unplaceable", "page_title", "pages", "paged"]

_Piece = tuple[int, Block]
"""One piece a page may hold: the index of the block it comes from and the block (a table of
rows is cut into one piece per row)."""


def page_title(title: str, page: int, count: int) -> str:
    """The title of page ``page`` of ``count``: ``"Table limits (1 of 3)"``."""
    return tr("{title} ({page} of {pages})").format(title=title, page=page, pages=count)


def _pieces(blocks: Sequence[Block]) -> list[_Piece]:
    out: list[_Piece] = []
    for i, block in enumerate(blocks):
        if isinstance(block, Rows) and len(block.rows) > 1:
            out += [(i, Rows((row,), block.header)) for row in block.rows]
        else:
            out.append((i, block))
    return out


def _joined(pieces: Sequence[_Piece]) -> tuple[Block, ...]:
    """Pieces back into blocks: rows of one table together again under its column titles."""
    out: list[Block] = []
    last = -1
    for index, block in pieces:
        previous = out[-1] if out else None
        if index == last and isinstance(block, Rows) and isinstance(previous, Rows):
            out[-1] = Rows(previous.rows + block.rows, previous.header)
        else:
            out.append(block)
        last = index
    return tuple(out)


def _titled(content: SignContent, blocks: tuple[Block, ...], page: int, count: int) -> SignContent:
    return dataclasses.replace(content, title=page_title(content.title, page, count), blocks=blocks)


def _headed(content: SignContent, blocks: tuple[Block, ...], page: int, count: int) -> SignContent:
    """The page's place in the band with the game's name (where the title with it would take
    a second line)."""
    return dataclasses.replace(content, heading=page_title(content.heading, page, count), blocks=blocks)


def _page(
    content: SignContent, pieces: Sequence[_Piece], page: int, count: int, fits: Callable[[SignContent], bool]
) -> SignContent | None:
    """The page of ``pieces``, its place after the title or else in the band, or ``None`` when
    neither fits."""
    blocks = _joined(pieces)
    for variant in (_titled, _headed):
        made = variant(content, blocks, page, count)
        if fits(made):
            return made
    return None


def _noticed(content: SignContent, blocks: tuple[Block, ...], page: int, count: int) -> SignContent:
    """A page of notices: the game's name with the page's place in the band, the notice in
    place of the title (a notice is long: it has the page to itself)."""
    return dataclasses.replace(content, heading=page_title(content.heading, page, count), title="", blocks=blocks)


def _even(pieces: list[_Piece], count: int) -> list[list[_Piece]]:
    """``pieces`` cut into ``count`` runs as even in length as can be, in order."""
    size, extra = divmod(len(pieces), count)
    out, start = [], 0
    for n in range(count):
        end = start + size + (1 if n < extra else 0)
        out.append(pieces[start:end])
        start = end
    return out


def _packed(
    content: SignContent, pieces: list[_Piece], fits: Callable[[SignContent], bool], most: int
) -> list[list[_Piece]]:
    """As few pages as hold ``pieces`` (each page checked with the widest page label, ``most``
    of ``most``): evenly shared when that fits, else filled in turn.  Raises
    :class:`Unplaceable` for a piece that fits no page alone."""
    greedy: list[list[_Piece]] = []
    for piece in pieces:
        if greedy and _page(content, [*greedy[-1], piece], most, most, fits) is not None:
            greedy[-1].append(piece)
            continue
        if _page(content, [piece], most, most, fits) is None:
            raise Unplaceable(_titled(content, _joined([piece]), most, most))
        greedy.append([piece])
    even = _even(pieces, len(greedy))
    if all(_page(content, page, most, most, fits) is not None for page in even):
        return even
    return greedy


class Unplaceable(SignProblem):
    """A piece of a sign that fits no page alone: ``page`` is that piece as a page."""

    def __init__(self, page: SignContent) -> None:
        super().__init__(f"table {page.table_id}: sign {page.kind}: a part of it fits no page of this screen")
        self.page = page


def paged(content: SignContent, fits: Callable[[SignContent], bool]) -> list[SignContent]:
    """``content`` as the pages of a screen on which ``fits`` says what fits (one page, the
    content unchanged, when it all fits).  Raises :class:`Unplaceable` when a piece fits no page."""
    if content.card is not None or fits(content):
        return [content]
    notices = [(i, b) for i, b in enumerate(content.blocks) if isinstance(b, Notice)]
    rest = [(i, b) for i, b in enumerate(content.blocks) if not isinstance(b, Notice)]
    pieces = _pieces([b for _, b in rest])
    most = len(pieces) + max(1, len(notices))  # no more pages than pieces: the widest page label
    runs: list[list[_Piece]] = _packed(content, pieces, fits, most) if pieces else []
    notice_runs: list[list[_Piece]] = []
    if notices:
        together: list[_Piece] = [(n, b) for n, (_, b) in enumerate(notices)]
        if fits(_noticed(content, _joined(together), most, most)):
            notice_runs.append(together)
        else:
            for piece in together:
                alone = _noticed(content, _joined([piece]), most, most)
                if not fits(alone):
                    raise Unplaceable(alone)
                notice_runs.append([piece])
    count = len(runs) + len(notice_runs)
    out = [
        _page(content, run, n, count, fits) or _titled(content, _joined(run), n, count)
        for n, run in enumerate(runs, start=1)
    ]
    out += [_noticed(content, _joined(run), n, count) for n, run in enumerate(notice_runs, start=len(runs) + 1)]
    return out


def pages(content: SignContent, width_mm: float, height_mm: float) -> list[tuple[SignContent, Scene]]:
    """The pages of ``content`` on a ``width_mm`` x ``height_mm`` screen, each composed by the
    sign typesetter at the legal letter height.  Raises :class:`SignProblem` (from the
    typesetter, naming what does not fit) when some piece of the sign fits no page."""
    scenes: dict[SignContent, Scene] = {}

    def fits(page: SignContent) -> bool:
        try:
            scenes[page] = compose_sign(page, width_mm, height_mm, screen=True)
        except SignProblem:
            return False
        return True

    try:
        cut = paged(content, fits)
    except Unplaceable as exc:
        compose_sign(exc.page, width_mm, height_mm, screen=True)  # raises the typesetter's own words for that part
        raise
    out = []
    for page in cut:
        scene = scenes.get(page)
        out.append((page, scene if scene is not None else compose_sign(page, width_mm, height_mm, screen=True)))
    return out
