"""Export signs as print-ready PDFs: one file per sign or one batch, a manifest beside them.

Every sign is composed first, on the paper asked for or, with ``papers`` (``--paper auto``),
on the smallest of those papers that holds it at the 8 mm floor.  A sign that fits no paper
is left out with one line saying why and the smallest paper that would hold it
(:attr:`ExportResult.refused`, and ``not_written`` in the manifest); with ``strict`` it stops
the export before anything is written, as does a sign that cannot be made at all (its values
break a rule).  Then each file is written under a temporary name in the output folder and all
are renamed into place at the end.  A failure while writing removes the temporary files.

The manifest (``manifest.json`` in the output folder, or ``<batch>.manifest.json`` beside a
batch file) lists per sign: file, table, kind, configuration version, the SHA-256 of what
the sign says on this paper (``content_sha256``) and of the file (``sha256``).
``changed_since`` takes an earlier manifest: a sign whose ``content_sha256`` is the same there
is not written again (``"written": false`` in the new manifest), so the print shop reprints
only what changed.

The time generated (document metadata) is given by the caller; with the same configuration,
paper and time the files are byte for byte the same.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from kiosk.floor.signs import SIGN_KINDS
from kiosk.render.paper import FOLD_CLEAR_MM, PAPERS, PageSpec, Paper
from kiosk.render.pdfx import DocMeta
from kiosk.render.press import DEFAULT, DEFAULT_PRESS, PressCondition
from kiosk.render.sheet import PrintedPage, SheetPage, sheet_pdf
from kiosk.views.signs import Context, SignContent, SignProblem, SignTooSmall, compose_sign, content_digest
from kiosk.views.signs.kinds import sign_contents, table_signs

__all__ = [
    "MANIFEST_FORMAT",
    "ExportError",
    "SignJob",
    "ExportResult",
    "config_version",
    "not_on_paper",
    "plan_signs",
    "compose_pages",
    "place_sign",
    "slug_line",
    "export_signs",
    "PrintJob",
    "write_prints",
    "read_manifest",
    "manifest_path",
]

MANIFEST_FORMAT = "kiosk-export/1"
_CONFIG_KEYS = ("game", "display_name", "limits", "settings", "signs", "link_id", "scheduled", "pending")


class ExportError(ValueError):
    """One line saying why nothing was exported; ``rule`` where a rule refused it."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def config_version(table: Mapping[str, Any]) -> str:
    """``"<state version>-<12 hex digits>"``: the table's state version and a digest of its
    configuration (game, name, limits, settings, signs, link, scheduled and pending changes)."""
    digest = hashlib.sha256(_canonical({k: table.get(k) for k in _CONFIG_KEYS}).encode("utf-8")).hexdigest()
    return f"{table.get('version', 0)}-{digest[:12]}"


@dataclass(frozen=True)
class SignJob:
    """One sign of one table to export: what it says (one content per page)."""

    table_id: str
    kind: str
    contents: tuple[SignContent, ...]
    config_version: str

    @property
    def file_name(self) -> str:
        return f"{self.table_id}_{self.kind}.pdf"


def not_on_paper(kind: str, table: Mapping[str, Any], link: Mapping[str, Any] | None) -> str | None:
    """Why a sign the table shows on screen is not printed, or ``None``: a jackpot prize that
    changes with every wager is shown by its live meter only - a progressive jackpot's (000
    s231(4)), and an unlinked table's whose jackpot wagers add to it (000 s231(2);
    docs/readings.md A-32)."""
    refusal = _paper_refusal(kind, table, link)
    return None if refusal is None else refusal[0]


def _paper_refusal(kind: str, table: Mapping[str, Any], link: Mapping[str, Any] | None) -> tuple[str, str] | None:
    """``(why, rule)`` for a sign that is not printed (:func:`not_on_paper`), or ``None``."""
    if kind != "jackpot_meter" or link is None:
        return None
    if not link.get("standalone", True):
        rule = "000 s231(4)"
        return (
            f"table {table['id']}: the prize of the progressive jackpot {link.get('name', link.get('id'))} is shown "
            f"by its meter, live, never on paper ({rule})",
            rule,
        )
    if int((link.get("meter") or {}).get("rate_bp") or 0) > 0:
        rule = "000 s231(2)"
        return (
            f"table {table['id']}: the jackpot prize grows with every jackpot wager, so a printed amount is out of "
            f"date after the next one; its live meter, a display with the jackpot view, shows it, never paper "
            f"({rule}; docs/readings.md A-32)",
            rule,
        )
    return None


def plan_signs(
    tables: Mapping[str, Mapping[str, Any]],
    links: Mapping[str, Mapping[str, Any]],
    *,
    table_ids: Iterable[str] = (),
    kinds: Iterable[str] = (),
    timezone_: Any = None,
    skipped: list[str] | None = None,
) -> list[SignJob]:
    """The signs to export: of the tables named (all when none), the kinds named (each table's
    own signs when none).  Naming no table and some kinds picks the tables whose game has them.
    A sign that cannot be on paper (:func:`not_on_paper`) is left out, its reason appended to
    ``skipped``, unless it was asked for by kind: then it is an error.

    Raises :class:`ExportError` for an unknown table or kind, a kind a named table's game does
    not have, or a sign whose values are not configured.
    """
    table_ids, kinds = list(dict.fromkeys(table_ids)), list(dict.fromkeys(kinds))
    for kind in kinds:
        if kind not in SIGN_KINDS:
            raise ExportError(f"--sign {kind}: unknown sign kind; kinds: {', '.join(SIGN_KINDS)}")
    for table_id in table_ids:
        if table_id not in tables:
            raise ExportError(f"--table {table_id}: no such table; tables: {', '.join(sorted(tables)) or 'none'}")
    chosen = table_ids or sorted(tables)
    tz = timezone_ or ZoneInfo("Australia/Brisbane")
    jobs: list[SignJob] = []
    for table_id in chosen:
        table = tables[table_id]
        if kinds:
            wanted = kinds if table_ids else [k for k in kinds if table["game"] in SIGN_KINDS[k].games]
        else:
            wanted = [kind for kind, _cap in table_signs(table)]
        link = links.get(table["link_id"]) if table.get("link_id") else None
        ctx = Context(table, link, tz)
        for kind in wanted:
            refusal = _paper_refusal(kind, table, link)
            if refusal is not None:
                reason, rule = refusal
                if kind in kinds:
                    raise ExportError(reason, rule)
                if skipped is not None:
                    skipped.append(f"{kind} of {reason}")
                continue
            try:
                contents = tuple(sign_contents(kind, ctx))
            except SignProblem as exc:
                raise ExportError(exc.message, exc.rule) from None
            jobs.append(SignJob(table_id, kind, contents, config_version(table)))
    if not jobs:
        what = f"sign kind {', '.join(kinds)}" if kinds else "signs"
        raise ExportError(f"no table on this floor shows {what}; nothing to export")
    return jobs


def _smallest_paper(content: SignContent, spec: PageSpec) -> str:
    tent = " --tent" if spec.tent else ""
    for name, (w, h) in PAPERS.items():
        for orientation in ("portrait", "landscape"):
            candidate = replace(spec, paper=Paper(name, w, h), orientation=orientation)
            try:
                compose_sign(content, *candidate.panel_mm, bleed_mm=candidate.bleed_mm)
            except SignTooSmall:
                continue
            return (
                f"the smallest paper that fits is {candidate.describe()}"
                f" (--paper {name} --orientation {orientation}{tent})"
            )
    largest = list(PAPERS)[-1]
    w, h = PAPERS[largest]
    return f"no paper up to {largest} fits; give a larger one as --paper WIDTHxHEIGHTmm (e.g. {w * 1.5:g}x{h * 1.5:g}mm{tent})"


def compose_pages(job: SignJob, spec: PageSpec) -> list[SheetPage]:
    """The printed pages of one sign; :class:`ExportError` naming the sign, the text and the
    smallest paper that would fit when it does not fit this one at the 8 mm floor."""
    pages = []
    for content in job.contents:
        try:
            scene = compose_sign(content, *spec.panel_mm, bleed_mm=spec.bleed_mm)
        except SignTooSmall as exc:
            raise ExportError(
                f"{exc.message} ({spec.describe()}); {_smallest_paper(content, spec)}", exc.rule
            ) from None
        pages.append(SheetPage(spec, scene))
    return pages


def _try_pages(job: SignJob, spec: PageSpec) -> list[SheetPage] | None:
    """The printed pages of one sign on ``spec``, or ``None`` when one does not fit at the 8 mm
    floor (no message built: :func:`compose_pages` says why)."""
    try:
        return [
            SheetPage(spec, compose_sign(content, *spec.panel_mm, bleed_mm=spec.bleed_mm)) for content in job.contents
        ]
    except SignTooSmall:
        return None


def place_sign(job: SignJob, spec: PageSpec, papers: Sequence[str] | None = None) -> tuple[PageSpec, list[SheetPage]]:
    """The paper of a sign and its pages: ``spec`` itself, or with ``papers`` (names of
    :data:`~kiosk.render.paper.PAPERS`, smallest first) the first that holds every page at the
    8 mm floor, in ``spec``'s orientation or else portrait, then landscape.  Raises
    :class:`ExportError` (the sign, its text, the smallest paper that would hold it)."""
    if not papers:
        return spec, compose_pages(job, spec)
    orientations = (spec.orientation,) if spec.orientation else ("portrait", "landscape")
    candidate = spec
    for name in papers:
        w, h = PAPERS[name]
        for orientation in orientations:
            candidate = replace(spec, paper=Paper(name, w, h), orientation=orientation)
            pages = _try_pages(job, candidate)
            if pages is not None:
                return candidate, pages
    try:
        compose_pages(job, candidate)
    except ExportError as exc:
        raise ExportError(f"no paper of {', '.join(papers)} holds it at 8 mm: {exc}", exc.rule) from None
    raise AssertionError("unreachable: the last candidate was refused above")


def _spec_key(spec: PageSpec) -> dict[str, Any]:
    w, h = spec.trim_mm
    return {
        "paper": spec.paper.name,
        "trim_mm": [round(w, 3), round(h, 3)],
        "tent": spec.tent,
        "bleed_mm": spec.bleed_mm,
        "crop_marks": spec.crop_marks,
    } | ({"fold_clear_mm": FOLD_CLEAR_MM} if spec.tent else {})


def _sign_digest(job: SignJob, spec: PageSpec, press: str = DEFAULT_PRESS) -> str:
    text = _canonical({"sign": [content_digest(c) for c in job.contents], "page": _spec_key(spec) | {"press": press}})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _title(job: SignJob) -> str:
    first = job.contents[0]
    title = "Result cards" if job.kind == "result_cards" else first.title
    return f"{title} - {first.heading} ({job.table_id})"


def manifest_path(out: Path, batch: bool) -> Path:
    """Where an export to ``out`` writes its manifest: ``manifest.json`` in the folder ``out``, or
    ``<batch>.manifest.json`` beside the batch PDF ``out``."""
    return out.with_name(f"{out.stem}.manifest.json") if batch else out / "manifest.json"


def read_manifest(path: str | os.PathLike) -> dict[str, str]:
    """``{"TABLE/kind": content_sha256}`` of an earlier export's manifest; :class:`ExportError`
    (one line) when it cannot be read."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ExportError(f"--changed-since {path}: no such manifest") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ExportError(f"--changed-since {path}: not a readable manifest ({exc.__class__.__name__})") from None
    if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT or not isinstance(data.get("signs"), list):
        raise ExportError(f"--changed-since {path}: not a kiosk export manifest (format {MANIFEST_FORMAT})")
    out = {}
    for entry in data["signs"]:
        if isinstance(entry, dict) and {"table", "kind", "content_sha256"} <= set(entry):
            out[f"{entry['table']}/{entry['kind']}"] = str(entry["content_sha256"])
    return out


@dataclass
class ExportResult:
    """What an export wrote: the files (final paths) and the manifest."""

    files: list[Path] = field(default_factory=list)
    manifest_path: Path | None = None
    manifest: dict[str, Any] = field(default_factory=dict)
    unchanged: int = 0
    refused: list[str] = field(default_factory=list)
    """One line per sign that was not written because no paper holds it (not strict)."""


@dataclass(frozen=True)
class PrintJob:
    """One thing to print, whatever it is (a sign, a cloth): the manifest's ``table`` and
    ``kind``, its ``file_name``, the ``digest`` of what it prints on this paper, its pages
    (composed only when it is written), the document's ``title``, and more manifest fields."""

    table_id: str
    kind: str
    config_version: str
    file_name: str
    digest: str
    page_count: int
    pages: Callable[[], Sequence[PrintedPage]]
    title: str
    entry: Mapping[str, Any] = field(default_factory=dict)


def _write_temp(folder: Path, name: str, data: bytes, temps: list[tuple[Path, Path]]) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=folder)
    temps.append((Path(tmp), folder / name))
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)


def write_prints(
    jobs: Sequence[PrintJob],
    out: Path,
    *,
    batch: bool,
    generated: datetime,
    page: Mapping[str, Any],
    batch_title: Callable[[Sequence[PrintJob]], str],
    changed_since: Mapping[str, str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    press: PressCondition | None = None,
    not_written: Sequence[Mapping[str, str]] = (),
) -> ExportResult:
    """Compose every job's pages, then write the PDFs and the manifest (see the module
    docstring): the one way signs and cloths are written, in the colours and output intent of
    ``press`` (default :data:`~kiosk.render.press.DEFAULT_PRESS`); ``not_written`` lists the
    signs left out (table, kind, reason) in the manifest.

    ``out`` is a folder (one file per job) or, with ``batch``, the PDF file of every page;
    ``page`` is the manifest's description of the paper.  Raises :class:`ExportError`
    (nothing written) for a job whose pages cannot be made, a folder that does not exist or
    cannot be written.
    """
    folder = out.parent if batch else out
    if batch and out.suffix.lower() != ".pdf":
        raise ExportError(f"--out {out}: a batch is one PDF file; name it something.pdf")
    make_folder = not batch and not folder.exists() and folder.parent.is_dir()
    if not folder.is_dir() and not make_folder:
        raise ExportError(f"--out {out}: folder {folder if folder.exists() or batch else folder.parent} does not exist")
    if not os.access(folder if folder.exists() else folder.parent, os.W_OK):
        raise ExportError(f"--out {out}: folder {folder if folder.exists() else folder.parent} is not writable")
    if generated.tzinfo is None:
        raise ExportError("the time generated must carry its time zone")
    generated = generated.astimezone(UTC).replace(microsecond=0)
    press = press or DEFAULT

    planned: list[tuple[PrintJob, Sequence[PrintedPage], bool]] = []  # (job, pages, write?)
    unchanged = 0
    for job in jobs:
        same = changed_since is not None and changed_since.get(f"{job.table_id}/{job.kind}") == job.digest
        unchanged += same
        planned.append((job, () if same else job.pages(), not same))
    to_write = [p for p in planned if p[2]]
    total = 1 if batch and to_write else len(to_write)
    temps: list[tuple[Path, Path]] = []
    entries = []
    result = ExportResult(unchanged=unchanged)
    try:
        if make_folder:
            folder.mkdir()
        if batch and to_write:
            written = [j for j, *_ in to_write]
            meta = DocMeta(
                title=batch_title(written),
                tables=tuple(dict.fromkeys(j.table_id for j in written)),
                kinds=tuple(dict.fromkeys(j.kind for j in written)),
                config_versions=tuple(dict.fromkeys(j.config_version for j in written)),
                generated=generated,
            )
            data = sheet_pdf([page for _job, job_pages, _w in to_write for page in job_pages], meta, press)
            _write_temp(folder, out.name, data, temps)
            file_sha = hashlib.sha256(data).hexdigest()
            if progress:
                progress(1, total)
        done = 0
        for job, job_pages, write in planned:
            entry = {
                "table": job.table_id,
                "kind": job.kind,
                "config_version": job.config_version,
                "content_sha256": job.digest,
                "pages": job.page_count,
                "written": write,
                **job.entry,
            }
            if write and not batch:
                meta = DocMeta(job.title, (job.table_id,), (job.kind,), (job.config_version,), generated)
                data = sheet_pdf(job_pages, meta, press)
                _write_temp(folder, job.file_name, data, temps)
                entry.update(file=job.file_name, sha256=hashlib.sha256(data).hexdigest())
                done += 1
                if progress:
                    progress(done, total)
            elif write:
                entry.update(file=out.name, sha256=file_sha)
            entries.append(entry)
        manifest = {
            "format": MANIFEST_FORMAT,
            "generated": generated.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "page": dict(page) | {"press": press.key, "output_intent": press.identifier},
            "signs": entries,
        }
        if not_written:
            manifest["not_written"] = [dict(n) for n in not_written]
        text = json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        _write_temp(folder, manifest_path(out, batch).name, text.encode("utf-8"), temps)
        for tmp, final in temps:
            os.replace(tmp, final)
    except OSError as exc:
        for tmp, _final in temps:
            tmp.unlink(missing_ok=True)
        if make_folder and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
        raise ExportError(
            f"--out {out}: cannot write ({exc.strerror or exc.__class__.__name__}); nothing was written"
        ) from None
    except BaseException:
        for tmp, _final in temps:
            tmp.unlink(missing_ok=True)
        raise
    result.files = [final for _tmp, final in temps[:-1]]
    result.manifest_path = temps[-1][1]
    result.manifest = manifest
    return result


def _signs_title(jobs: Sequence[PrintJob]) -> str:
    return f"Signs: {len(jobs)} signs of {len({j.table_id for j in jobs})} tables"


def slug_line(file_name: str, job: SignJob, spec: PageSpec, generated: datetime, page: int) -> str:
    """The slug line of page ``page`` (from 1) of ``job`` in the file ``file_name``."""
    when = generated.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")
    pages = f" | page {page} of {len(job.contents)}" if len(job.contents) > 1 else ""
    return (
        f"{file_name} | table {job.table_id} | sign {job.kind} | configuration {job.config_version}"
        f" | {when} | {spec.describe()}{pages}"
    )


def export_signs(
    jobs: list[SignJob],
    spec: PageSpec,
    out: Path,
    *,
    batch: bool,
    generated: datetime,
    changed_since: Mapping[str, str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    papers: Sequence[str] | None = None,
    strict: bool = False,
    press: PressCondition | None = None,
) -> ExportResult:
    """Compose every sign, then write the PDFs and the manifest (see the module docstring).

    ``out`` is a folder (one file per sign) or, with ``batch``, the PDF file of every page.
    ``papers``: each sign on the first of these that holds it (``--paper auto``), else every
    sign on ``spec``'s paper.  A sign no paper holds is left out (:attr:`ExportResult.refused`)
    unless ``strict``.  Raises :class:`ExportError` (nothing written) for a sign that does not
    fit when ``strict`` or when no sign fits, a folder that does not exist or cannot be written.
    """
    if generated.tzinfo is None:
        raise ExportError("the time generated must carry its time zone")
    placed: list[tuple[SignJob, PageSpec, list[SheetPage]]] = []
    refused: list[tuple[SignJob, ExportError]] = []
    for job in jobs:
        try:
            job_spec, pages = place_sign(job, spec, papers)
        except ExportError as exc:
            if strict:
                raise
            refused.append((job, exc))
            continue
        placed.append((job, job_spec, pages))
    if not placed:
        first = refused[0][1]
        more = f" (and {len(refused) - 1} more signs do not fit)" if len(refused) > 1 else ""
        raise ExportError(f"{first}{more}; nothing was written", first.rule)

    def pages_of(job: SignJob, job_spec: PageSpec, pages: list[SheetPage]) -> list[SheetPage]:
        file_name = out.name if batch else job.file_name
        return [replace(p, slug=slug_line(file_name, job, job_spec, generated, i)) for i, p in enumerate(pages, 1)]

    prints = [
        PrintJob(
            table_id=job.table_id,
            kind=job.kind,
            config_version=job.config_version,
            file_name=job.file_name,
            digest=_sign_digest(job, job_spec, (press or DEFAULT).key),
            page_count=len(job.contents),
            pages=partial(pages_of, job, job_spec, pages),
            title=_title(job),
            entry={
                "paper": job_spec.paper.name,
                "orientation": "landscape" if job_spec.trim_mm[0] > job_spec.trim_mm[1] else "portrait",
                "trim_mm": [round(v, 3) for v in job_spec.trim_mm],
            },
        )
        for job, job_spec, pages in placed
    ]
    if papers:
        page: dict[str, Any] = {
            "paper": "auto",
            "papers": list(papers),
            "tent": spec.tent,
            "bleed_mm": spec.bleed_mm,
            "crop_marks": spec.crop_marks,
        }
    else:
        page = _spec_key(spec) | {"orientation": "landscape" if spec.trim_mm[0] > spec.trim_mm[1] else "portrait"}
    result = write_prints(
        prints,
        out,
        batch=batch,
        generated=generated,
        page=page,
        batch_title=_signs_title,
        changed_since=changed_since,
        progress=progress,
        press=press,
        not_written=[{"table": j.table_id, "kind": j.kind, "reason": str(e)} for j, e in refused],
    )
    result.refused = [str(e) for _j, e in refused]
    return result
