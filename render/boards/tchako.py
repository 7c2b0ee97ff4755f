"""SVG diagrams of T'Chako positions, drawn from the board's layout data.

`board()` draws the connections and obstacles, the zones coloured by kind and owner,
named outside their circles, and shaded for the side to move's captures and each side's
control, the elastics, the pucks and queens (at the last turn's coordinates when the
record gave them), the t'chako chain when there is one; under the board, each side's
pucks and queen, a legend of the shading, the state and the action points the last
turn spent. Text stays readable with the diagram 200 pixels wide. The same arguments
always give the same bytes.
"""

from __future__ import annotations

from functools import lru_cache
from math import cos, sin
from typing import Sequence

import svgwrite
from svgwrite.base import BaseElement

from ...notation.annotations import Arrow, Label, Mark
from ...notation.games.base import Outcome
from ...notation.games.tchako import TChako
from ...notation.games.tchako.position import SIDES, TChakoPosition
from ...notation.games.tchako.turns import ELASTICS, Create, Shot, Turn
from ...notation.games.tchako.zones import (BASE_BITS, OFF, ZONE, captured_zones, chain, controlled_zones,
                                           occupied_zones, reach)
from ...notation.games.tchako.board import (CENTRE, CONNECTIONS, HEIGHT, KIND, NEIGHBOURS, OBSTACLES, OWNER, RADIUS,
                                           WIDTH, ZONES)
from ...notation.languages import Words
from ..svg import (ENGLISH, HIGHLIGHT, INK, Picture, Places, annotate, cached, drawing, finish, gathered, placed, shape,
                   side_word, state_text)

FILL = {"neutral": "#efe6d2", 0: "#fbf7ec", 1: "#5a5149"}  # zone fill by owner (or neutral)
SHADE = ("#e0b040", "#3a78c2")  # White's and Black's control and captures
PUCK = (("#fdfcf8", "#3b352c"), ("#2b2621", "#d9cfbd"))
CHAIN = "#d84315"
ELASTIC = ("#c0392b", "#6a1b9a")
MARGIN = 0.4  # around the board, in board units: nothing touches the picture's edge
PANEL = 3.0  # the panel under the board, in board units
FONT = 0.42  # the panel's text, in board units
LINE = 0.6  # the panel's line height, in board units
BACKGROUND = "#e9e1cf"
SHADE_OPACITY = 0.35
# Where each zone's name stands, as a direction from its centre (White's camp at the top):
# outside the circle, on a side no connection leaves from.
NAME_AT = {"A": (-0.71, -0.71), "B": (-0.71, -0.71), "C": (0.71, -0.71), "D": (-1, 0), "E": (-0.71, -0.71),
           "F": (-0.87, -0.5), "G": (0.87, -0.5), "H": (0.71, -0.71), "I": (-1, 0), "J": (-0.71, 0.71),
           "K": (-0.71, 0.71), "L": (0.71, 0.71)}
NAME_GAP = 0.3  # from a zone's circle to the middle of its name, in board units
NAME_FONT = 0.42


def _spot(x: float, y: float, unit: float, flipped: bool) -> tuple[float, float]:
    """Pixels of a point given in board units (the board turned half round if flipped)."""
    if flipped:
        x, y = WIDTH - x, HEIGHT - y
    return round((MARGIN + x) * unit, 2), round((MARGIN + y) * unit, 2)


def board(position: TChakoPosition, *, last: tuple[TChakoPosition, Turn] | None = None,
          marks: Sequence[str | Mark] = (), arrows: Sequence[tuple[str, str] | Arrow] = (),
          labels: Sequence[Label] = (), dims: Sequence[str] = (), flipped: bool = False, size: int = 520,
          outcome: Outcome | None = None, words: Words = ENGLISH) -> str:
    """An SVG diagram of `position`, `size` pixels wide (flipped: Black's camp at the top).

    marks, arrows, labels, dims: what to draw over the pieces (svg.annotate), on zones; the
    mark `outline` rings a zone.
    outcome: how the game ended at this position, if it did (the position says it too).
    words: the language of what the diagram says (docs/languages.md#pages).
    """
    unit = round(size / (WIDTH + 2 * MARGIN), 2)
    dwg = drawing(size, round(unit * (HEIGHT + 2 * MARGIN + PANEL), 2))

    def at(zone: int) -> tuple[float, float]:
        return _spot(*CENTRE[ZONES[zone]], unit, flipped)

    dwg.add(_static(unit, flipped, words))
    zones = position.zones or occupied_zones(position.pucks)
    side = position.side
    mover = 1 - side if last is not None else side
    controls = [controlled_zones(zones, s) for s in (0, 1)]
    # the mover's captures, fixed as its turn began
    captures = captured_zones(occupied_zones(last[0].pucks) if last is not None else zones, mover)
    for zone in range(len(ZONES)):
        shaded = tuple(s for s in (0, 1) if controls[s] >> zone & 1 and not (
            KIND[ZONES[zone]] != "neutral" and OWNER[ZONES[zone]] == s and not position.pucks[zone][s]))
        captured = bool(captures >> zone & 1)
        if shaded or captured:
            dwg.elements.extend(_shading(zone, shaded, mover if captured else None, unit, flipped))
    if chain(zones, mover, captures):
        through = captures | controls[mover]
        linked = reach(BASE_BITS[mover] & through, through)
        for pair in CONNECTIONS:
            a, b = ZONE[pair[0]], ZONE[pair[1]]
            if linked >> a & 1 and linked >> b & 1:
                dwg.add(shape("line", at(a), at(b), stroke=CHAIN, stroke_width=round(unit * 0.12, 2), stroke_opacity=0.8))
    for zone in _played_zones(last[1] if last is not None else ()):  # a ring just outside the zone's edge
        dwg.add(shape("circle", at(zone), round((RADIUS[ZONES[zone]] + 0.06) * unit, 2), fill="none", stroke=HIGHLIGHT,
                           stroke_width=round(unit * 0.1, 2), class_="last"))
    _elastics(dwg, position, unit, flipped)
    _pieces(dwg, position, last[1] if last is not None else None, unit, flipped)
    annotate(dwg, _places(unit, flipped), gathered(marks, arrows, labels, dims))
    _panel(dwg, position, last, unit, chain(zones, mover, captures), mover, outcome, words)
    return finish(dwg)


@lru_cache(maxsize=16)
def _places(unit: float, flipped: bool) -> Places:
    """Where the zones are, for annotations: a mark fits in a square inside its circle."""

    def at(zone: int) -> tuple[float, float]:
        return _spot(*CENTRE[ZONES[zone]], unit, flipped)

    def cover(zone: int, **attributes: object) -> str:
        return shape("circle", at(zone), round(RADIUS[ZONES[zone]] * unit, 2), **attributes)

    def outline(zone: int, colour: str) -> str:
        return shape("circle", at(zone), round(RADIUS[ZONES[zone]] * unit * 1.08, 2), fill="none", stroke=colour,
                     stroke_width=round(unit * 0.08, 2))

    return Places(ZONE, at, lambda zone: RADIUS[ZONES[zone]] * unit * 1.3, cover, outline, round(unit * 0.15, 2))


@lru_cache(maxsize=4096)
def _shading(zone: int, shaded: tuple[int, ...], captured_by: int | None, unit: float, flipped: bool) -> tuple[str, ...]:
    """A zone's shade for each side controlling it, and a dashed ring if `captured_by` captured it."""
    centre = _spot(*CENTRE[ZONES[zone]], unit, flipped)
    radius = round(RADIUS[ZONES[zone]] * unit, 2)
    parts = [shape("circle", centre, radius, fill=SHADE[s], fill_opacity=SHADE_OPACITY) for s in shaded]
    if captured_by is not None:
        parts.append(shape("circle", centre, round(radius * 0.92, 2), fill="none", stroke=SHADE[captured_by],
                           stroke_width=round(unit * 0.08, 2), stroke_dasharray=f"{round(unit * 0.15, 2):g}"))
    return tuple(parts)


def _played_zones(turn: Turn) -> list[int]:
    """The zones the last turn's shots left from and stopped in, and where it created, in order."""
    zones: list[int] = []
    for action in turn:
        found = ([action.piece.zone, action.stop.zone] if isinstance(action, Shot) else
                 [action.zone] if isinstance(action, Create) else [])
        zones += [zone for zone in found if zone != OFF and zone not in zones]
    return zones


def _obstacle_at(obstacle: str, unit: float, flipped: bool) -> tuple[float, float]:
    (x1, y1), (x2, y2) = CENTRE[obstacle[0]], CENTRE[obstacle[1]]
    return _spot((x1 + x2) / 2, (y1 + y2) / 2, unit, flipped)


def _elastics(dwg: svgwrite.Drawing, position: TChakoPosition, unit: float, flipped: bool) -> None:
    for k, (a, b, middle) in enumerate(position.elastics):
        colour = ELASTIC[k // 3]
        points = [_obstacle_at(o, unit, flipped) for o in (a, middle, b) if o]
        if len(points) == 1:
            dwg.add(shape("circle", points[0], round(unit * 0.14, 2), fill="none", stroke=colour,
                               stroke_width=round(unit * 0.05, 2)))
        elif points:
            dwg.add(shape("polyline", tuple(points), fill="none", stroke=colour, stroke_width=round(unit * 0.07, 2),
                                 stroke_linecap="round"))


def _placed(turn: Turn | None) -> dict[tuple[int, int | None], list[tuple[int, int]]]:
    """(zone, colour) -> coordinates the last turn gave for pieces ending there (colour
    None for the shooter's pieces is resolved by the caller)."""
    found: dict[tuple[int, int | None], list[tuple[int, int]]] = {}
    for action in turn or ():
        if isinstance(action, Shot):
            places = [(action.stop, -1)] + [(to, piece.colour) for piece, to in action.pushes]
            if action.hit_to is not None:
                places.append((action.hit_to, -2))
            for place, colour in places:
                if place.at is not None and place.zone != OFF:
                    found.setdefault((place.zone, colour), []).append(place.at)
    return found


def _pieces(dwg: Picture, position: TChakoPosition, turn: Turn | None, unit: float, flipped: bool) -> None:
    """Pucks and queens: at the last turn's coordinates when given, else in a ring in their zone."""
    mover = 1 - position.side
    given = _placed(turn)
    for zone in range(len(ZONES)):
        pucks = position.pucks[zone]
        if not (pucks[0] or pucks[1]):
            continue
        queens = (position.queens[0] == zone, position.queens[1] == zone)
        holder = position.created[zone]
        coordinates = tuple(tuple(given.get((zone, s), [])) + tuple(given.get((zone, -1 if s == mover else -2), []))
                            for s in (0, 1)) if given else ((), ())
        draw = _zone_pieces if coordinates == ((), ()) else _zone_pieces.__wrapped__
        dwg.elements.extend(draw(zone, pucks, queens, holder, coordinates, unit, flipped))


@lru_cache(maxsize=4096)
def _zone_pieces(zone: int, pucks: tuple[int, int], queens: tuple[bool, bool], holder: str,
                 coordinates: tuple[tuple[tuple[int, int], ...], ...], unit: float, flipped: bool) -> tuple[str, ...]:
    """The pieces in one zone: a created one at the centre in a dashed ring; pucks at the
    coordinates given for their side (first the given ones, in order), the others in a ring."""
    x, y = _spot(*CENTRE[ZONES[zone]], unit, flipped)
    parts = []
    pieces = []
    for s in (0, 1):
        pieces += [(s, "queen")] * queens[s] + [(s, "puck")] * (pucks[s] - queens[s])
    if holder:  # the piece on the creation space sits at the centre, in a dashed ring
        s = "wbQq".index(holder) % 2
        pieces.remove((s, "queen" if holder in "Qq" else "puck"))
        parts.append(shape("circle", (x, y), round(unit * 0.3, 2), fill="none", stroke=PUCK[s][1],
                           stroke_width=round(unit * 0.04, 2), stroke_dasharray="2,2"))
        parts.append(placed(f"#{'queen' if holder in 'Qq' else 'puck'}{s}", (x, y)))
    waiting = [list(coordinates[0]), list(coordinates[1])]
    count = len(pieces)
    for k, (s, kind) in enumerate(pieces):
        if waiting[s] and kind == "puck":
            px, py = waiting[s].pop(0)
            point = _spot(px / 100 * WIDTH, py / 100 * HEIGHT, unit, flipped)
        elif count == 1 and not holder:
            point = (x, y)
        else:
            angle = 6.2832 * k / count
            r = RADIUS[ZONES[zone]] * unit * 0.55
            point = (round(x + r * cos(angle), 2), round(y + r * sin(angle), 2))
        parts.append(placed(f"#{kind}{s}", point))
    return tuple(parts)


def _panel(dwg: svgwrite.Drawing, position: TChakoPosition, last: tuple[TChakoPosition, Turn] | None, unit: float,
           tchako: bool, mover: int, outcome: Outcome | None, said: Words = ENGLISH) -> None:
    """Under the board: each side's pieces, the legend, the state, the last turn's action points."""
    font = round(FONT * unit, 2)

    def baseline(row: int) -> float:
        return round((HEIGHT + 2 * MARGIN + (0.6 + row) * LINE) * unit, 2)

    def text(words: str, x: float, row: int, fill: str = INK, **extra: object) -> None:
        dwg.add(shape("text", words, insert=(round(x * unit, 2), baseline(row)), font_size=font, font_family="sans-serif",
                         fill=fill, **extra))

    for s in (0, 1):
        x = MARGIN + s * WIDTH / 2
        on_board = sum(pair[s] for pair in position.pucks) - (position.queens[s] != OFF)
        queen = said.gettext("queen on the board") if position.queens[s] != OFF else said.gettext("queen off the board")
        dwg.add(placed(f"#swatch{s}", (round(x * unit, 2), baseline(0))))
        text(side_word(SIDES, s, said), x + 0.6, 0, font_weight="bold")
        if tchako and s != mover:
            text(said.gettext("in t'chako"), x + 1.9, 0, fill=CHAIN, font_weight="bold")
        text(said.gettext("{count} on, {reserve} in reserve").format(count=on_board, reserve=11 - on_board), x + 0.6, 1)
        text(queen, x + 0.6, 2)
    dwg.add(placed("#legend", (round(MARGIN * unit, 2), baseline(3))))
    end = position.end
    state = (state_text(outcome, SIDES, position.side, words=said) if outcome is not None and end != "stop" else
             said.gettext("{side} wins").format(side=side_word(SIDES, "WB".index(end[0]), said)) if end[0] in "WB" else
             said.gettext("countdown: players decide") if end == "stop" else
             said.gettext("{side} to move, turn {number}").format(side=side_word(SIDES, position.side, said),
                                                                   number=position.number))
    text(state, MARGIN, 4, font_weight="bold")
    if last is not None:
        whole, half = divmod(position.spent, 2)
        text(said.gettext("{side} spent {points} AP").format(side=side_word(SIDES, 1 - position.side, said),
                                                            points=f"{whole}{'½' if half else ''}"), MARGIN + WIDTH, 4,
             text_anchor="end")


@cached
def _static(unit: float, flipped: bool, words: Words = ENGLISH) -> BaseElement:
    """Background, connections, obstacles, zones with their names, pieces and legend (in `words`) as <defs>."""
    dwg = svgwrite.Drawing(debug=False)
    group = dwg.g(id="tchako-board")
    group.add(dwg.rect((0, 0), (round((WIDTH + 2 * MARGIN) * unit, 2), round((HEIGHT + 2 * MARGIN + PANEL) * unit, 2)),
                       fill=BACKGROUND))

    def at(name: str) -> tuple[float, float]:
        return _spot(*CENTRE[name], unit, flipped)

    for pair in CONNECTIONS:
        group.add(dwg.line(at(pair[0]), at(pair[1]), stroke=INK, stroke_width=round(unit * 0.16, 2),
                           stroke_opacity=0.45))
    font = round(NAME_FONT * unit, 2)
    for name in ZONES:
        kind = KIND[name]
        fill = FILL["neutral"] if kind == "neutral" else FILL[OWNER[name]]
        group.add(dwg.circle(at(name), round(RADIUS[name] * unit, 2), fill=fill, stroke=INK,
                             stroke_width=round(unit * (0.07 if kind == "vital" else 0.04), 2)))
        dx, dy = NAME_AT[name]
        if flipped:
            dx, dy = -dx, -dy
        x, y = at(name)
        away = (RADIUS[name] + NAME_GAP) * unit
        group.add(dwg.text(name, insert=(round(x + dx * away, 2), round(y + dy * away + font * 0.36, 2)),
                           font_size=font, font_family="sans-serif", font_weight="bold", text_anchor="middle",
                           fill=INK, class_="zone-name"))
    for obstacle in OBSTACLES:
        group.add(dwg.circle(_obstacle_at(obstacle, unit, flipped), round(unit * 0.1, 2), fill=INK))
    defs = dwg.defs
    for s, (fill, rim) in enumerate(PUCK):
        defs.add(dwg.circle((0, 0), round(unit * 0.17, 2), id=f"puck{s}", fill=fill, stroke=rim,
                            stroke_width=round(unit * 0.035, 2)))
        queen = dwg.g(id=f"queen{s}")
        queen.add(dwg.circle((0, 0), round(unit * 0.22, 2), fill=fill, stroke=rim, stroke_width=round(unit * 0.05, 2)))
        queen.add(dwg.text("Q", insert=(0, round(unit * 0.1, 2)), font_size=round(unit * 0.26, 2), text_anchor="middle",
                           font_family="sans-serif", font_weight="bold", fill=rim))
        defs.add(queen)
        swatch = dwg.g(id=f"swatch{s}")  # a side's shade and one of its pucks, on its text's baseline
        middle = (round(0.24 * unit, 2), round(-FONT * 0.36 * unit, 2))
        swatch.add(dwg.circle(middle, round(0.24 * unit, 2), fill=SHADE[s], fill_opacity=SHADE_OPACITY, stroke=SHADE[s],
                              stroke_width=round(unit * 0.03, 2)))
        swatch.add(dwg.use(f"#puck{s}", insert=middle))
        defs.add(swatch)
    defs.add(_legend(dwg, unit, words))
    group.add(defs)
    return group


def _legend(dwg: svgwrite.Drawing, unit: float, words: Words = ENGLISH) -> BaseElement:
    """What the drawing's marks mean: shaded zones, dashed rings, the chain (one line, from its baseline)."""
    legend = dwg.g(id="legend", font_size=round(FONT * unit, 2), font_family="sans-serif", fill=INK)
    middle, r = round(-FONT * 0.36 * unit, 2), round(0.2 * unit, 2)
    baseline = 0

    def at(x: float) -> float:
        return round(x * unit, 2)

    legend.add(dwg.circle((at(0.2), middle), r, fill=SHADE[0], fill_opacity=SHADE_OPACITY))
    legend.add(dwg.circle((at(0.45), middle), r, fill=SHADE[1], fill_opacity=SHADE_OPACITY))
    legend.add(dwg.text(words.gettext("controlled"), insert=(at(0.8), baseline)))
    legend.add(dwg.circle((at(3.25), middle), r, fill="none", stroke=INK, stroke_width=round(unit * 0.05, 2),
                          stroke_dasharray=f"{round(unit * 0.1, 2):g}"))
    legend.add(dwg.text(words.gettext("captured"), insert=(at(3.6), baseline)))
    legend.add(dwg.line((at(5.6), middle), (at(6.2), middle), stroke=CHAIN, stroke_width=round(unit * 0.12, 2),
                        stroke_opacity=0.8))
    legend.add(dwg.text(words.gettext("t'chako chain"), insert=(at(6.4), baseline)))
    return legend


# --- the board as text, for the terminal (render/text.py) ---------------------------


def text_board(game: TChako, position: TChakoPosition) -> list[str]:
    """T'Chako's zones one a line: kind, owner, neighbours, each side's pucks (Q: its queen among
    them), who stands on the creation space; then the elastics laid."""
    lines = ["zone  kind     owner  next to    White  Black  creation space"]
    for k, zone in enumerate(ZONES):
        counts = [f"{position.pucks[k][side]}{'Q' if position.queens[side] == k else ''}" for side in (0, 1)]
        owner = ("White", "Black")[OWNER[zone]] if zone in OWNER else "-"
        standing = {"": "free", "w": "White puck", "b": "Black puck", "Q": "White queen", "q": "Black queen"}
        lines.append(f"{zone:<6}{KIND[zone]:<9}{owner:<7}{NEIGHBOURS[zone]:<11}{counts[0]:<7}{counts[1]:<7}"
                     f"{standing[position.created[k]]}")
    for side, name in enumerate(("White", "Black")):
        laid = [f"{kind} {a}-{b}" + (f" via {middle}" if middle else "")
                for kind, (a, b, middle) in zip(ELASTICS, position.elastics[3 * side:3 * side + 3]) if a]
        queen = "off the board" if position.queens[side] == OFF else f"on {ZONES[position.queens[side]]}"
        lines.append(f"{name}: queen {queen}; elastics {', '.join(laid) or 'none laid'}")
    lines.append("(pucks of each side in each zone, its queen included and marked Q)")
    return lines
