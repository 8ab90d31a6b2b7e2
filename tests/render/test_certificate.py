"""The certificate of a past picture, read back: one A4 page, the picture on it (vector, in the
bundled faces), every fact of the certificate in its text, the checkpoint line whole, the same
bytes on a re-run, and no file at all when it cannot be written."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pypdfium2 as pdfium
import pytest

from kiosk.render.certificate import write_certificate
from kiosk.state.history import PastState
from kiosk.views.base import Area
from kiosk.views.console.shown import certificate
from kiosk.views.past import compose_then
from kiosk.views.screen import Subject
from kiosk.views.signs.source import states_from_floor
from kiosk.views.signs.typeset import SCREEN_BAND
from tests.fixtures.sign_pdf import page_text

AT = datetime(2026, 11, 28, 11, 14, tzinfo=UTC)


@pytest.fixture
def past(demo_floor) -> PastState:
    tables, links = states_from_floor(demo_floor)
    report = {
        "n": 80,
        "at": (AT - timedelta(minutes=3)).isoformat(),
        "actor": "BJ screen",
        "token_id": "tok_bj",
        "action": "display_showing",
        "details": {"display_id": "D-BJ-01-limits", "version": 1, "signs": ["limits"], "notices": [], "sharing": None},
    }
    return PastState(
        at=AT,
        n=81,
        head="9f" * 32,
        record_at=AT - timedelta(seconds=40),
        seq=64,
        tables=tables,
        links=links,
        casino={"name": demo_floor.casino.name, "timezone": "Australia/Brisbane"},
        frame_from="audit record 19",
        reports=(report,),
        target=("table", "BJ-01"),
        head_now={"seq": 70, "n": 90, "hash": "00" * 32},
    )


def _write(past, path, digest=None):
    subject = Subject("limits", table="BJ-01")
    view = compose_then(subject, past, area=Area(527, 296))
    cert = certificate(
        past,
        subject,
        display="D-BJ-01-limits",
        screen="527 x 296 mm (1920 x 1080 px)",
        server="https://pit:8765",
        generated=datetime(2026, 12, 1, 20, 0, tzinfo=UTC),
        digest=digest,
    )
    return cert, write_certificate(cert, view.scene, path)


def test_one_a4_page_with_the_picture_and_every_fact(past, tmp_path):
    cert, path = _write(past, tmp_path / "certificate.pdf")
    document = pdfium.PdfDocument(str(path))
    try:
        assert len(document) == 1
        page = document[0]
        assert [round(v / (72 / 25.4)) for v in page.get_size()] == [210, 297]
        text = page_text(page)
        image = page.render(scale=100 / 72).to_numpy()  # 100 dpi
    finally:
        document.close()
    flat = " ".join(text.split())
    for label, value in cert.lines:
        assert label in flat and " ".join(value.split())[:60] in flat, label
    assert "Saturday 28 November 2026 21:14:00 AEST" in flat and "2026-11-28 11:14:00.000000 UTC" in flat
    assert "event 64" in flat and "9f" * 32 in flat and "D-BJ-01-limits at 21:11:00 (record 80)" in flat
    assert "Scene digest" not in flat  # no digest given: the line is left out
    assert "".join(text.split()).count("".join(cert.checkpoint.split())) == 1  # the checkpoint, whole
    assert "Minimum wager" in flat and "Maximum wager" in flat  # the picture's own text, as vectors
    # the picture: the limits sign's title band, in the screens' blue, sits under the title across the page
    band = image[130:200, 100:700, :3].astype(int)  # pdfium renders BGR
    blue = (np.abs(band - np.array(SCREEN_BAND[2::-1])).sum(axis=2) < 30).mean()
    assert blue > 0.5


def test_a_digest_when_there_is_one_and_the_same_bytes_again(past, tmp_path):
    _write(past, tmp_path / "a.pdf", digest="ab" * 32)
    _write(past, tmp_path / "b.pdf", digest="ab" * 32)
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    document = pdfium.PdfDocument(str(tmp_path / "a.pdf"))
    try:
        assert "Scene digest" in page_text(document[0]) and "ab" * 32 in page_text(document[0])
    finally:
        document.close()


def test_nothing_is_left_when_it_cannot_be_written(past, tmp_path):
    with pytest.raises(OSError):
        _write(past, tmp_path / "missing-folder" / "certificate.pdf")
    assert not list(tmp_path.rglob("*.pdf")) and not list(tmp_path.rglob("*.part"))
    np.testing.assert_equal(len(list(tmp_path.iterdir())), 0)
