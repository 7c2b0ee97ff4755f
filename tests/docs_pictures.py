"""The pictures of the docs (docs/img), drawn from the corpus and from position codes.

Run `python tests/docs_pictures.py` after changing a renderer to draw them again;
tests/test_docs_pictures.py checks that they match what the renderers draw now.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT.parent))

from ludoscribe.notation.annotations import of_commands  # noqa: E402
from ludoscribe.notation.files import load  # noqa: E402
from ludoscribe.notation.games import game_class  # noqa: E402
from ludoscribe.notation.model import find_commands  # noqa: E402
from ludoscribe.render.diagram import record_diagrams, renderer_for  # noqa: E402

SIZE = 480
# picture: (corpus file, record number from 1, main-line ply: 0 is the start, 1 after the first turn)
FROM_RECORDS = {
    "staku-start.svg": ("staku/trampoline-miniature.tgn", 1, 0),
    "staku-trampoline.svg": ("staku/trampoline-miniature.tgn", 1, 1),
    "staku-win.svg": ("staku/trampoline-miniature.tgn", 1, 3),
    "staku-stacks.svg": ("staku/autumn-open-round3.tgn", 1, 11),
    "tchako-start.svg": ("tchako/central-hill.tgn", 1, 0),
    "teblo-final.svg": ("teblo/spring-quadrangular-2024.tgn", 3, 93),
    "tekao-setup.svg": ("tekao/flag-walks-into-the-bow.tgn", 1, 18),
    "tekao-fight.svg": ("tekao/rule-examples.tgn", 2, 1),
    "tektop-start.svg": ("tektop/first-summit-race.tgn", 1, 0),
    "tektop-freeze.svg": ("tektop/first-summit-race.tgn", 1, 4),
    "tektop-displacement.svg": ("tektop/tug-of-war-on-level-1.tgn", 1, 5),
    "tektop-last-turn.svg": ("tektop/answer-in-the-last-turn.tgn", 1, 17),
}
# picture: (corpus file, record number, ply, the commands drawn on it), for docs/diagrams.md
DESIGNED = {
    "designer-teblo.svg": ("teblo/spring-quadrangular-2024.tgn", 3, 30,
                           "[%arrow H5-H6, H5-G5 red] [%mark H6 triangle, G5 cross red, I5 square orange] "
                           "[%label H7 1, H8 2, H9 3] [%dim A1,A2,A3,B1,B2,B3]"),
    "designer-staku.svg": ("staku/autumn-open-round3.tgn", 1, 11,
                           "[%arrow c3-d4, e5-e4 red] [%mark d4 triangle red, c2 circle, e3 square purple] "
                           "[%label d2 A, d3 B] [%dim a1,a2,a3,a4,a5,a6]"),
    "designer-tchako.svg": ("tchako/central-hill.tgn", 1, 6,
                            "[%arrow F-I, I-G orange] [%mark D triangle, E cross red] [%label H A] [%dim A,B,C]"),
}
# picture: (game, position code)
FROM_POSITIONS = {
    "tchako-tchako.svg": ("TChako", "Aw3/BQ/Cw3/Dw1/Fw1/Iq/Jw1/Kw1/Lb3 -/-/-/-/-/- W 2 0/0 play"),
}


def pictures() -> dict[str, str]:
    """Every docs picture's file name and SVG text, as the renderers draw them now."""
    drawn = {}
    for name, (path, number, ply) in FROM_RECORDS.items():
        record = list(load(str(ROOT / "corpus" / path)))[number - 1]
        [(_, svg)] = record_diagrams(record, [ply], size=SIZE)
        drawn[name] = svg
    for name, (path, number, ply, commands) in DESIGNED.items():
        record = list(load(str(ROOT / "corpus" / path)))[number - 1]
        extra = of_commands((command.name, command.args) for command in find_commands(commands))
        [(_, svg)] = record_diagrams(record, [ply], size=SIZE, extra=extra)
        drawn[name] = svg
    for name, (game, code) in FROM_POSITIONS.items():
        rules = game_class(game)()
        position = rules.read_position(code)
        drawn[name] = renderer_for(rules)(position, size=SIZE, outcome=rules.outcome(position))
    return drawn


if __name__ == "__main__":
    for name, svg in pictures().items():
        (ROOT / "docs" / "img" / name).write_text(svg, encoding="utf-8")
        print(f"docs/img/{name}")
