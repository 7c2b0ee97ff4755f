"""The balance report, `stats --format html` (docs/balance.md#the-report): every figure it shows
worked out again here from the records themselves, another way, and its charts placed where
their figures say."""

from __future__ import annotations

import math
import re
import statistics
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, strategies as st
from axe import violations
from browsers import SIZES
from score_bounds import bounds_by_bisection

from ludoscribe.cli.main import cli
from ludoscribe.notation.archive.balance import Z95, Moments
from ludoscribe.notation.games import game_class
from ludoscribe.notation.generate import Generation, texts
from ludoscribe.notation.reader import parse_record

# (game, variant, players, games, longest game): small runs, some stopped before their end (unfinished)
RUNS = [("Staku", "", "greedy,random", 16, 30), ("Staku", "Staku-2", "greedy", 14, 12),
        ("Tektop", "", "random", 6, 40), ("TChako", "", "random", 4, 16)]


class Cells(HTMLParser):
    """Each table of the page as rows of (header or data cell: its attributes and text)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[tuple[dict, str]]]] = []
        self.cell: tuple[dict, list[str]] | None = None
        self.headings: list[str] = []
        self.heading: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = (dict(attrs), [])
        elif tag == "h2":
            self.heading = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.tables[-1][-1].append((self.cell[0], "".join(self.cell[1]).strip()))
            self.cell = None
        elif tag == "h2" and self.heading is not None:
            self.headings.append("".join(self.heading))
            self.heading = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell[1].append(data)
        if self.heading is not None:
            self.heading.append(data)


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("lab")
    for game, variant, players, count, longest in RUNS:
        generation = Generation(game, variant, players, seed=3, max_turns=longest)
        (folder / f"{game}-{variant or 'usual'}.tgn").write_text("".join(texts(generation, count)), encoding="utf-8")
    return folder


def run(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [str(arg) for arg in args], prog_name="ludoscribe")
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def page(archive) -> str:
    status, out, err = run("stats", archive, "--format", "html")
    assert (status, err) == (0, "")
    return out


def games_of(archive: Path) -> dict[str, list]:
    """The records of each group, by the label the report gives it, read as a user's files are."""
    groups: dict[str, list] = {}
    for game, variant, *_ in RUNS:
        text = (archive / f"{game}-{variant or 'usual'}.tgn").read_text(encoding="utf-8")
        label = {"TChako": "T'Chako"}.get(game, game) + (f" ({variant})" if variant else "")
        groups[label] = [parse_record(part, 1, "lab") for part in re.split(r"(?m)^(?=\[Game )", text) if part]
    return groups


def figure_table(page: str, game: str) -> dict[str, dict[str, tuple[dict, str]]]:
    """The figures table of a game's section: {figure: {group label: (attributes, text)}}."""
    section = page.split(f"<h2>{escape(game)}</h2>")[1].split("</section>")[0]
    parser = Cells()
    parser.feed(section)
    head, *rows = parser.tables[0]
    labels = [text for _, text in head[1:]]
    return {row[0][1]: dict(zip(labels, row[1:])) for row in rows}


def wilson(part: int, whole: int) -> tuple[float, float, float]:
    return (part / whole, *bounds_by_bisection(part / whole, whole))


def normal(values: list[float]) -> tuple[float, float | None, float | None]:
    centre = statistics.fmean(values)
    if len(values) < 2:
        return centre, None, None
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return centre, centre - half, centre + half


def replayed(record) -> tuple[list, list]:
    """The positions before each turn of the main line, and the turns, played here with `apply`."""
    rules = record.rules
    position, positions, turns = record.start, [], []
    for node in record.moves:
        positions.append(position)
        turns.append(node.turn)
        position = rules.apply(position, node.turn)
    positions.append(position)
    return positions, turns


def legal_count(rules, position, turn) -> int | None:
    if rules.name == "TChako":
        return None
    chance = getattr(turn, "dice", None)  # Tektop's throws
    return len(list(rules.legal_turns(position, chance) if chance else rules.legal_turns(position)))


def lead_changes(rules, positions: list) -> int:
    """Worked out as a scorer would: after each turn, who has taken more so far; a change each
    time the one ahead is not the one last ahead."""
    took = {0: 0, 1: 0}
    leaders = []
    for before, after in zip(positions, positions[1:]):
        took[before.side] += rules.taken(before, after)
        if took[0] != took[1]:
            leaders.append(0 if took[0] > took[1] else 1)
    return sum(1 for a, b in zip(leaders, leaders[1:]) if a != b)


def assert_figure(cell: tuple[dict, str], value: float, low: float | None, high: float | None, count: int) -> None:
    attributes, _ = cell
    assert float(attributes["data-value"]) == pytest.approx(value, rel=1e-5, abs=1e-9)
    assert int(attributes["data-count"]) == count
    if low is None:
        assert "data-low" not in attributes
    else:
        assert float(attributes["data-low"]) == pytest.approx(low, rel=1e-5, abs=1e-6)
        assert float(attributes["data-high"]) == pytest.approx(high, rel=1e-5, abs=1e-6)


def test_every_figure_is_what_the_records_give(page, archive):
    groups = games_of(archive)
    for game in ("Staku", "Tektop", "T'Chako"):
        table = figure_table(page, game)
        for label, records in groups.items():
            if not label.startswith(game):
                continue
            results = [record.result for record in records]
            finished = [result for result in results if result != "*"]
            assert table["Games"][label][1] == str(len(records))
            first = sum({"1-0": 1, "1/2-1/2": 0.5}.get(result, 0) for result in finished)
            if finished:
                drawn = finished.count("1/2-1/2") / len(finished)
                score = first / len(finished)
                side = records[0].rules.sides[0]
                assert_figure(table[f"{side}'s score"][label], score,
                              *bounds_by_bisection(score, len(finished), drawn), len(finished))
            decided = sum(result in ("1-0", "0-1") for result in results)
            assert_figure(table["Decided"][label], *wilson(decided, len(records)), len(records))
            assert_figure(table["Drawn"][label], *wilson(results.count("1/2-1/2"), len(records)), len(records))
            assert_figure(table["Unfinished"][label], *wilson(results.count("*"), len(records)), len(records))
            assert_figure(table["Turns per game"][label], *normal([len(record.moves) for record in records]),
                          len(records))
            courses = [replayed(record) for record in records]
            changes = [lead_changes(record.rules, positions) for record, (positions, _) in zip(records, courses)]
            assert_figure(table["Lead changes per game"][label], *normal(changes), len(records))
            counts = [[legal_count(record.rules, position, turn) for position, turn in zip(positions, turns)]
                      for record, (positions, turns) in zip(records, courses)]
            if game == "T'Chako":
                assert table["Legal turns per position"][label][1] == "-"
            else:
                means = [statistics.fmean(each) for each in counts if each]
                assert_figure(table["Legal turns per position"][label], *normal(means), len(means))


def test_legal_turns_through_the_game_are_each_tenths_mean(page, archive):
    """The chart's points: for each tenth, the mean over games of the game's mean in that tenth."""
    records = games_of(archive)["Staku"]
    by_tenth: list[list[float]] = [[] for _ in range(10)]
    for record in records:
        positions, turns = replayed(record)
        tenths: dict[int, list[int]] = {}
        for index, (position, turn) in enumerate(zip(positions, turns)):
            tenths.setdefault(10 * index // len(turns), []).append(legal_count(record.rules, position, turn))
        for tenth, counts in tenths.items():
            by_tenth[tenth].append(statistics.fmean(counts))
    chart = page.split("<h2>Staku</h2>")[1].partition("<figcaption>Legal turns through the game")[2].split("</svg>")[0]
    top, bottom, axis_top = 8, 200, float(re.findall(r'text-anchor="end">([\d.]+)<', chart)[-1])
    polyline = re.search(r'<polyline[^>]*points="([^"]+)"', chart).group(1)
    heights = [float(point.split(",")[1]) for point in polyline.split()]
    expected = [statistics.fmean(values) for values in by_tenth if values]
    per_pixel = axis_top / (bottom - top)  # the points are placed to a tenth of a pixel
    assert [(bottom - y) * per_pixel for y in heights] == pytest.approx(expected, abs=0.05 * per_pixel + 1e-9)


def test_the_score_chart_places_each_set_of_rules_at_its_score(page):
    table = figure_table(page, "Staku")
    chart = page.split("<h2>Staku</h2>")[1].split("<figure>")[1]
    assert escape("White's score") in chart and 'stroke-dasharray' in chart  # the 50% line
    dots = [float(x) for x in re.findall(r'<circle cx="([\d.]+)"', chart)]
    scores = [float(cell[0]["data-value"]) for cell in table["White's score"].values()]
    assert dots == pytest.approx([170 + 280 * score for score in scores], abs=0.06)


def test_what_is_not_counted_is_said(page):
    tchako = page.split("<h2>T&#x27;Chako</h2>")[1].split("</section>")[0]
    assert "Legal turns not counted: the rules cannot list every turn." in tchako
    assert "Legal turns through the game" not in tchako
    assert "not counted" not in page.split("<h2>Staku</h2>")[1].split("</section>")[0]


def test_how_games_end_adds_up_and_is_in_french_with_lang_fr(archive, page):
    parser = Cells()
    parser.feed(page.split("<h2>Staku</h2>")[1].split("</section>")[0])
    endings = parser.tables[1]
    for column in range(1, len(endings[0])):
        shares = [float(row[column][0]["data-value"]) for row in endings[1:] if "data-value" in row[column][0]]
        assert sum(shares) == pytest.approx(1.0)
    status, french, _ = run("stats", archive, "--format", "html", "--lang", "fr")
    assert status == 0 and '<html lang="fr">' in french and escape("Rapport d'équilibre") in french
    assert "Tours légaux par position" in french


def test_turn_count_is_the_legal_turns_with_the_throws_played():
    rules = game_class("Tektop").shared("")
    generation = Generation("Tektop", players_named="random", seed=5, max_turns=8)
    record = parse_record(next(texts(generation, 1)), 1, "t")
    positions, turns = replayed(record)
    assert [rules.turn_count(position, turn) for position, turn in zip(positions, turns)] == \
        [len(list(rules.legal_turns(position, turn.dice))) for position, turn in zip(positions, turns)]
    tchako = game_class("TChako").shared("")
    start = tchako.start_position()
    assert tchako.turn_count(start, next(iter(tchako.legal_turns(start)))) is None


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_report_reads_at_a_desks_size_and_a_phones(size, contexts, page, tmp_path):
    """Nothing wider than the window but a table's own scrolled box; every chart whole on the
    screen's width; nothing axe calls serious."""
    report = tmp_path / "report.html"
    report.write_text(page, encoding="utf-8")
    window = contexts("en-US", SIZES[size])
    window.goto(report.as_uri())
    assert window.evaluate("document.documentElement.scrollWidth <= innerWidth")
    widths = window.evaluate("[...document.querySelectorAll('svg')].map(svg => svg.getBoundingClientRect().right)")
    assert len(widths) > 10 and max(widths) <= SIZES[size]["width"]
    assert violations(window) == []


def test_the_report_is_the_same_in_two_processes(archive, page):
    assert run("stats", archive, "--format", "html", "--jobs", 2) == (0, page, "")


def test_a_game_without_a_turn_counts_no_legal_turns_and_says_nothing_is_unlisted(tmp_path):
    (tmp_path / "empty.tgn").write_text('[Game "Staku"]\n[Result "*"]\n\n*\n', encoding="utf-8")
    status, out, _ = run("stats", tmp_path, "--format", "html")
    table = figure_table(out, "Staku")
    assert status == 0 and table["Legal turns per position"]["Staku"][1] == "-"
    assert table["Turns per game"]["Staku"][0]["data-value"] == "0" and "data-low" not in table["Turns per game"]["Staku"][0]
    assert "not counted" not in out


@given(st.lists(st.floats(min_value=-1e6, max_value=1e6), min_size=2, max_size=60), st.floats(min_value=0, max_value=1e9))
def test_running_sums_give_the_mean_and_deviation_of_the_values(values, offset):
    """Welford's sums against the statistics module, values far from zero included."""
    moments = Moments()
    for value in values:
        moments.add(value + offset)
    estimate = moments.estimate()
    centre, low, _ = normal([value + offset for value in values])
    assert estimate is not None and estimate.count == len(values)
    assert estimate.value == pytest.approx(centre, rel=1e-9, abs=1e-6)
    assert estimate.value - estimate.low == pytest.approx(centre - low, rel=1e-6, abs=1e-6)


def test_an_interval_reaching_below_zero_stops_at_the_axis(page):
    """A mean's interval may reach below 0 (few games, most with no lead change): its cell says
    so, and its chart's line stops at the axis's start rather than crossing the labels."""
    cell = figure_table(page, "T'Chako")["Lead changes per game"]["T'Chako"][0]
    assert float(cell["data-low"]) < 0
    section = page.split("<h2>T&#x27;Chako</h2>")[1].split("</section>")[0]
    chart = section.split("<figcaption>Lead changes per game</figcaption>")[1].split("</svg>")[0]
    assert min(float(x) for x in re.findall(r'<line x1="([\d.]+)" y1="[\d.]+" x2="[\d.]+" y2="[\d.]+" stroke="#', chart)) >= 170
