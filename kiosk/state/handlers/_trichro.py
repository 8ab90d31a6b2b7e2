"""Tri-chro commands (001 pt 20): no more bets, the drawing, malfunctions, lights.

* ``trichro_no_more_bets`` starts a drawing (001 s463(1)); the previous result's lights go out.
* ``trichro_draw`` enters the 2 balls from the ball drawing device (``"broken"`` marks a part
  ball, which is not used, s465(4)); ``trichro_generate`` lets the random result generator
  select 2 of the physical balls with the operating system's secure random source
  (``secrets.SystemRandom``).  Either lights the winning areas of
  :func:`kiosk.rules.trichro.winning_wagers` (s463(3)).
* ``trichro_malfunction`` voids the drawing: its balls decide nothing and no area is lit
  (s465(3), s466(a)); after a generator malfunction a new drawing needs an inspector's
  approval (s466(b)), recorded by ``trichro_approve_redraw`` with the inspector's name.
* A part ball from a broken ball is not used (s465(4)(a),(b)); the next drawing waits until
  ``trichro_ball_replaced`` records the replacement in the presence of a named inspector
  (s465(4)(c)).  ``by_hand`` on ``trichro_draw`` records a drawing completed by hand (s465(2)).
* ``trichro_illumination_fault`` records winning areas that did not light: the result stands
  (000 s78(7)).
"""

from __future__ import annotations

from kiosk.rules.games import TRI_CHRO_GAMES
from kiosk.rules.trichro import complete_drawing, physical_balls, winners_of
from kiosk.state.errors import BadRequest, RuleRefused
from kiosk.state.handlers._base import CommandSpec, Context, Field, bumped, require_room, table_event
from kiosk.state.handlers._game_state import RESULTS_KEPT
from kiosk.state.store import Loaded, Outcome

__all__ = ["SPECS"]

TRI_CHRO = TRI_CHRO_GAMES


def _no_more_bets(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    gs = table["game_state"]
    if gs.get("broken_ball"):
        raise RuleRefused(
            f"table {table['id']}: the broken ball must be replaced, in the presence of an inspector, before the next"
            " drawing (001 s465(4)(c)); record it with trichro_ball_replaced",
            rule="001 s465(4)(c)",
        )
    if gs["phase"] == "no_more_bets":
        raise RuleRefused(
            f"table {table['id']}: 'no more bets' was already called for drawing {gs['drawing']}", rule="001 s463(1)"
        )
    new = bumped(table)
    g = new["game_state"]
    g.update(
        phase="no_more_bets",
        drawing=g["drawing"] + 1,
        drawn=None,
        source=None,
        winning=[],
        void=None,
        illumination_faults=[],
    )
    return Outcome(
        events=[table_event("trichro_no_more_bets", new, drawing=g["drawing"], rule="001 s463(1)")],
        tables={new["id"]: new},
    )


def _ready_to_draw(table: dict, device: str) -> None:
    gs = table["game_state"]
    if gs["device"] != device:
        have = "a random result generator" if gs["device"] == "random_result_generator" else "a ball drawing device"
        raise RuleRefused(
            f"table {table['id']} draws with {have} (001 s456(5)(a)); use "
            + ("trichro_generate" if gs["device"] == "random_result_generator" else "trichro_draw"),
            rule="001 s456(5)(a)",
        )
    if gs["awaiting_inspector"]:
        raise RuleRefused(
            f"table {table['id']}: the random result generator malfunctioned; a new drawing needs an inspector's"
            " approval first (001 s466(b))",
            rule="001 s466(b)",
        )
    if gs["phase"] != "no_more_bets":
        raise RuleRefused(
            f"table {table['id']}: call 'no more bets' before activating the drawing device (001 s463(1))",
            rule="001 s463(1)",
        )


def _result(table: dict, tokens: list[str], source: str, by_hand: bool = False) -> Outcome:
    gs = table["game_state"]
    try:
        drawing = complete_drawing(gs["balls"], tokens)
    except ValueError as exc:
        raise BadRequest(f"table {table['id']}: {exc}") from None
    draw = drawing.draw
    assert draw is not None  # no malfunction was given: the drawing has its 2 balls
    winning = sorted(winners_of(draw))
    new = bumped(table)
    g = new["game_state"]
    g.update(phase="result", drawn=list(draw.tokens), source=source, winning=winning, void=None)
    # the drawings the displays' history shows, newest first, each in drawn order
    g["recent"] = ([list(draw.tokens)] + list(g.get("recent") or []))[:RESULTS_KEPT]
    data = {
        "drawing": g["drawing"],
        "balls": list(draw.tokens),
        "source": source,
        "winning": winning,
        "rule": "001 s463(3)",
    }
    if drawing.discarded:
        data["part_balls_not_used"] = len(drawing.discarded)
        data["note"] = drawing.reason
        data["rule"] = drawing.rule
        g["broken_ball"] = True
    if by_hand:
        data["by_hand"] = True
        data["hand_rule"] = "001 s465(2)"  # the device malfunctioned and the dealer completed the drawing by hand
    return Outcome(events=[table_event("trichro_result", new, **data)], tables={new["id"]: new})


def _draw(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    _ready_to_draw(table, "ball_device")
    balls = cmd["balls"]
    if not all(isinstance(b, str) for b in balls):
        raise BadRequest('trichro_draw.balls: must be ball tokens such as "red*" or "gold"')
    return _result(table, balls, "ball_device", bool(cmd.get("by_hand")))


def _generate(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    _ready_to_draw(table, "random_result_generator")
    pair = ctx.rng.sample(physical_balls(table["game_state"]["balls"]), 2)
    return _result(table, [ball.token for ball in pair], "random_result_generator")


def _malfunction(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    gs = table["game_state"]
    if gs["phase"] not in ("no_more_bets", "result"):
        raise RuleRefused(
            f"table {table['id']}: no drawing is under way to void (001 s465(1), s466)", rule="001 s465(1)"
        )
    device = cmd["device"]
    drawing = complete_drawing(gs["balls"], [], malfunction=device)
    new = bumped(table)
    g = new["game_state"]
    g.update(
        phase="void",
        drawn=None,
        winning=[],
        void={"rule": drawing.rule, "reason": drawing.reason, "note": cmd.get("note")},
    )
    if device == "rrg":
        g["awaiting_inspector"] = True
    return Outcome(
        events=[
            table_event(
                "trichro_drawing_void",
                new,
                drawing=g["drawing"],
                device=device,
                rule=drawing.rule,
                reason=drawing.reason,
                note=cmd.get("note"),
                inspector_approval_needed=device == "rrg",
            )
        ],
        tables={new["id"]: new},
    )


def _approve_redraw(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    if not table["game_state"]["awaiting_inspector"]:
        raise RuleRefused(
            f"table {table['id']}: no generator malfunction awaits an inspector's approval (001 s466(b))",
            rule="001 s466(b)",
        )
    new = bumped(table)
    new["game_state"]["awaiting_inspector"] = False
    return Outcome(
        events=[table_event("trichro_redraw_approved", new, inspector=cmd["inspector"], rule="001 s466(b)")],
        tables={new["id"]: new},
    )


def _ball_replaced(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    if not table["game_state"].get("broken_ball"):
        raise BadRequest(f"table {table['id']}: no broken ball awaits replacement")
    new = bumped(table)
    new["game_state"]["broken_ball"] = False
    return Outcome(
        events=[table_event("trichro_ball_replaced", new, inspector=cmd["inspector"], rule="001 s465(4)(c)")],
        tables={new["id"]: new},
    )


def _illumination_fault(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    gs = table["game_state"]
    if gs["phase"] != "result":
        raise BadRequest(f"table {table['id']}: there is no result whose areas could fail to light")
    areas = cmd.get("areas") or list(gs["winning"])
    unknown = [a for a in areas if a not in gs["winning"]]
    if unknown:
        raise BadRequest(f"trichro_illumination_fault.areas: {unknown[0]!r} is not a winning area of this drawing")
    require_room(gs["illumination_faults"], "illumination_faults", "they are cleared at the next drawing")
    new = bumped(table)
    fault = {"areas": sorted(set(areas)), "note": cmd.get("note"), "at": ctx.now_text}
    new["game_state"]["illumination_faults"].append(fault)
    return Outcome(
        events=[
            table_event(
                "trichro_illumination_fault",
                new,
                drawing=gs["drawing"],
                areas=fault["areas"],
                note=fault["note"],
                result_stands=True,
                rule="000 s78(7)",
            )
        ],
        tables={new["id"]: new},
    )


SPECS = [
    CommandSpec(
        "trichro_no_more_bets", "dealer", "table", _no_more_bets, "call 'no more bets' (001 s463(1))", games=TRI_CHRO
    ),
    CommandSpec(
        "trichro_draw",
        "dealer",
        "table",
        _draw,
        'enter the 2 balls drawn by the ball drawing device (001 s463(3)); "broken" marks a part ball (s465(4))',
        fields={"balls": Field("list"), "by_hand": Field("bool", required=False)},
        games=TRI_CHRO,
    ),
    CommandSpec(
        "trichro_generate",
        "dealer",
        "table",
        _generate,
        "draw 2 balls with the random result generator (001 s455)",
        games=TRI_CHRO,
    ),
    CommandSpec(
        "trichro_malfunction",
        "dealer",
        "table",
        _malfunction,
        "void the drawing after a device malfunction (001 s465(3), s466)",
        fields={"device": Field("code", choices=("ball_device", "rrg")), "note": Field("str", required=False)},
        games=TRI_CHRO,
    ),
    CommandSpec(
        "trichro_approve_redraw",
        "pit",
        "table",
        _approve_redraw,
        "record the inspector's approval of a new generator drawing (001 s466(b))",
        fields={"inspector": Field("name")},
        games=TRI_CHRO,
    ),
    CommandSpec(
        "trichro_ball_replaced",
        "dealer",
        "table",
        _ball_replaced,
        "the broken ball was replaced in the presence of the named inspector (001 s465(4)(c))",
        fields={"inspector": Field("name")},
        games=TRI_CHRO,
    ),
    CommandSpec(
        "trichro_illumination_fault",
        "dealer",
        "table",
        _illumination_fault,
        "record winning areas that did not light; the result stands (000 s78(7))",
        fields={"areas": Field("list", required=False), "note": Field("str", required=False)},
        games=TRI_CHRO,
    ),
]
