"""Whether the first side has an edge (docs/archive.md#the-first-sides-score): its score with
Wilson's 95% interval (allowing for draws), checked against published values, a second way of finding the bounds
and the coverage of a known distribution; the difference a variant makes, with its interval;
and `stats` counting each game under each set of rules apart (docs/archive.md#figures-stats)."""

from __future__ import annotations

import csv
import io
import json
import random
import shutil
import statistics
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.archive.balance import difference, first_side_score, wilson_interval
from ludoscribe.notation.games import Ending
from ludoscribe.notation.reader import read_string
from score_bounds import bounds_by_bisection

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
POINTS = {"1-0": 1.0, "1/2-1/2": 0.5, "0-1": 0.0}  # the first side's points in a finished game


# --- the interval of a score ------------------------------------------------------------


def test_seven_wins_of_ten_worked_by_hand():
    # z = 1.96: z²/n = 0.38416; centre (0.7 + 0.19208) / 1.38416 = 0.64449;
    # half width 1.96 * sqrt(0.7 * 0.3 / 10 + 0.38416 / 40) / 1.38416 = 0.24772
    low, high = wilson_interval(0.7, 10, z=1.96)
    assert (round(low, 4), round(high, 4)) == (0.3968, 0.8922)


@pytest.mark.parametrize("wins, games, expected", [
    # Newcombe, "Two-sided confidence intervals for the single proportion" (1998), table I, method 3
    (81, 263, (0.2553, 0.3662)), (15, 148, (0.0624, 0.1605)), (0, 20, (0.0, 0.1611)), (1, 29, (0.0061, 0.1718)),
    (29, 29, (0.8830, 1.0)),
])
def test_published_intervals(wins, games, expected):
    assert tuple(round(bound, 4) for bound in wilson_interval(wins / games, games)) == expected


@pytest.mark.parametrize("wins, draws, games", [(0, 0, 1), (1, 0, 1), (0, 1, 1), (3, 0, 4), (2, 2, 4), (500, 81, 1000),
                                                (7, 0, 200), (199, 1, 200), (20, 170, 200), (0, 30, 30)])
def test_the_bounds_are_where_the_score_is_z_errors_away(wins, draws, games):
    score, drawn = (wins + draws / 2) / games, draws / games
    assert wilson_interval(score, games, drawn) == pytest.approx(bounds_by_bisection(score, games, drawn), abs=1e-9)


def test_draws_narrow_the_interval_but_never_close_it():
    """Draws spread the points less than wins and losses: 170 draws of 200 give a narrower
    interval than the same score from wins and losses; games all drawn still leave room."""
    low, high = wilson_interval(0.55, 200, 170 / 200)
    plain_low, plain_high = wilson_interval(0.55, 200)
    assert plain_low < low < 0.55 < high < plain_high
    assert high - low < (plain_high - plain_low) / 2
    low, high = wilson_interval(0.5, 3, 1.0)
    assert low < 0.4 and high > 0.6


def _samples(rng: random.Random, weights: tuple[float, float, float], games: int) -> Counter[str]:
    return Counter(rng.choices(("1-0", "1/2-1/2", "0-1"), weights, k=games))


@pytest.mark.parametrize("weights, lowest, highest", [
    ((0.55, 0.0, 0.45), 0.93, 0.97),  # no draws: the interval holds the true score 95% of the time
    ((0.12, 0.0, 0.88), 0.93, 0.97),  # far from even
    ((0.45, 0.2, 0.35), 0.93, 0.97),  # draws spread the points less: the interval allows for it
    ((0.1, 0.8, 0.1), 0.93, 0.97),
    ((0.03, 0.95, 0.02), 0.93, 0.99),  # nearly all drawn: the draw share drawn towards none leaves it a little wide
])
def test_the_interval_holds_the_true_score_as_often_as_it_says(weights, lowest, highest):
    rng = random.Random(2026)
    true = weights[0] + weights[1] / 2
    held = 0
    for _ in range(2000):
        score = first_side_score(_samples(rng, weights, 200))
        assert score is not None and score.finished == 200
        held += score.low <= true <= score.high
    assert lowest <= held / 2000 <= highest


def test_no_finished_game_has_no_score():
    assert first_side_score(Counter({"*": 3})) is None


# --- the difference a variant makes ----------------------------------------------------


def test_the_difference_is_worked_from_each_games_points():
    variant, usual = Counter({"1-0": 5, "0-1": 3, "1/2-1/2": 2}), Counter({"1-0": 2, "0-1": 6, "*": 4})
    points = [[POINTS[result] for result in results.elements() if result in POINTS] for results in (variant, usual)]
    value = statistics.mean(points[0]) - statistics.mean(points[1])
    error = (statistics.variance(points[0]) / len(points[0]) + statistics.variance(points[1]) / len(points[1])) ** 0.5
    change = difference(variant, usual)
    assert change is not None
    assert (change.value, change.low, change.high) == pytest.approx((value, value - 1.959964 * error,
                                                                    value + 1.959964 * error))
    assert change.value == pytest.approx(0.6 - 0.25) and not change.clear_of_zero
    assert difference(Counter({"1-0": 1}), usual) is None  # one finished game has no spread


@pytest.mark.parametrize("variant, usual", [
    ((0.55, 0.0, 0.45), (0.48, 0.0, 0.52)),
    ((0.45, 0.2, 0.35), (0.40, 0.3, 0.30)),
])
def test_the_interval_of_the_difference_holds_the_true_difference(variant, usual):
    rng = random.Random(26)
    true = (variant[0] + variant[1] / 2) - (usual[0] + usual[1] / 2)
    held = 0
    for _ in range(2000):
        change = difference(_samples(rng, variant, 200), _samples(rng, usual, 200))
        assert change is not None
        held += change.low <= true <= change.high
    assert 0.93 <= held / 2000 <= 0.97


# --- one group per game and set of rules ------------------------------------------------


@pytest.mark.parametrize("game, variant, name", [
    ("Staku", "", ""), ("Staku", "Staku-3", ""), ("Staku", "staku-3", ""), ("Staku", "STAKU-2", "Staku-2"),
    ("Tekao", "faces HTBP", ""), ("Tekao", "faces TBPH", ""), ("Tekao", "faces HBTP", "faces hbtp"),
    ("TChako", "Countdown  4, King of the Hill", "countdown 4, king of the hill"),
    ("TChako", "king of the hill,countdown 4", "countdown 4, king of the hill"),
    ("Tektop", "Orthogonal", "orthogonal"), ("Teblo", "", ""),
])
def test_records_under_the_same_rules_have_the_same_variant_name(game, variant, name):
    record = read_string(f'[Game "{game}"]\n[Variant "{variant}"]\n[Result "*"]\n\n*\n')[0]
    assert record.rules.variant_name() == name


TURNS = "1. b1-c1 f5-e6+d5 2. b6-c6+xd5 g5-f6+xd5"  # legal under Staku and Staku-2
PLAN = {  # file: (its Variant tag, the results of its records)
    "plain.tgn": ("", ["1-0"] * 9 + ["0-1"] * 2 + ["1/2-1/2"] * 2 + ["*"]),
    "three.tgn": ("Staku-3", ["1-0"] * 4 + ["0-1"] + ["1/2-1/2"]),
    "two.tgn": ("Staku-2", ["0-1"] * 12 + ["1-0"] * 2 + ["1/2-1/2"] + ["*"] * 2),
}


def _staku(variant: str, result: str, round_: str) -> str:
    tag = f'[Variant "{variant}"]\n' if variant else ""
    return (f'[Game "Staku"]\n[Round "{round_}"]\n[White "A"]\n[Black "B"]\n[Result "{result}"]\n{tag}\n'
            f"{TURNS} {result}\n")


@pytest.fixture
def staku_folder(tmp_path):
    for name, (variant, results) in PLAN.items():
        (tmp_path / name).write_text("\n".join(_staku(variant, result, f"{name}.{index}")  # each a game of its own
                                               for index, result in enumerate(results)), encoding="utf-8")
    shutil.copy(CORPUS / "staku" / "staku2-pairs-only.tgn", tmp_path)  # Staku-2, 1-0 by taking the palace
    return tmp_path


def _expected_groups() -> dict[str, list[str]]:
    """The results of each group, gathered from the plan: Staku-3 is the usual game
    (docs/games/staku.md#variant-staku-2), the corpus record adds a win under Staku-2."""
    groups: dict[str, list[str]] = {"Staku": [], "Staku (Staku-2)": ["1-0"]}
    for variant, results in PLAN.values():
        groups["Staku (Staku-2)" if variant == "Staku-2" else "Staku"] += results
    return groups


def _score_and_bounds(results: list[str]) -> tuple[int, float, float, float]:
    points = [POINTS[result] for result in results if result in POINTS]
    score = statistics.mean(points)
    return (len(points), score, *bounds_by_bisection(score, len(points), points.count(0.5) / len(points)))


def run(*args: object) -> str:
    result = CliRunner().invoke(cli, ["stats", *(str(arg) for arg in args)])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_stats_text_counts_each_set_of_rules_apart(staku_folder):
    out = run(staku_folder)
    groups = _expected_groups()
    assert [len(results) for results in groups.values()] == [20, 18]
    for label, results in groups.items():
        finished, score, low, high = _score_and_bounds(results)
        counts = Counter(results)
        block = out.split(f"{label}: {len(results)} records\n")[1].split("\n\nStaku")[0]  # up to the next title
        assert (f"White wins  {counts['1-0']:>7}" in block and f"Black wins  {counts['0-1']:>7}" in block
                and f"unfinished  {counts['*']:>7}" in block)
        assert (f"\nFirst side's score\n------------------\nWhite's score {100 * score:.1f}% "
                f"(95% CI {100 * low:.1f}–{100 * high:.1f}%) over {finished} finished games\n") in block
    # how games end, per group: the corpus record is the only one the rules ended
    decided, palace = Ending.RESULT_RECORDED.general, Ending.PALACE_TAKEN.general

    def ends(*rows: tuple[str, int, str]) -> str:
        width = max(len(row[0]) for row in rows)
        lines = (f"{end:<{width}}  {records:>7}  {share:>5}" for end, records, share in (("End", "Records", "Share"), *rows))
        return "How games end\n-------------\n" + "".join(f"{line}\n" for line in lines)

    assert ends((decided, 19, "100%")) + "\nStaku (Staku-2)" in out
    assert ends((decided, 15, "94%"), (palace, 1, "6%")) + "\nStaku: variants" in out
    assert out.index("Staku: 20 records") < out.index("Staku (Staku-2): 18 records") < out.index(
        "Staku: variants compared")

    usual_points, variant_points = ([POINTS[r] for r in groups[label] if r in POINTS] for label in groups)
    value = statistics.mean(variant_points) - statistics.mean(usual_points)
    error = (statistics.variance(variant_points) / len(variant_points)
             + statistics.variance(usual_points) / len(usual_points)) ** 0.5
    low, high = value - 1.959964 * error, value + 1.959964 * error
    assert high < 0  # clear of zero: White scores less in Staku-2
    table = out.split("Staku: variants compared\n========================\n\n")[1].splitlines()
    assert table[0].split("  ")[0] == "Rules"
    assert table[1].split() == ["Staku", "19", f"{100 * statistics.mean(usual_points):.1f}%", "baseline"]
    assert table[2].split() == ["Staku", "(Staku-2)", "16", f"{100 * statistics.mean(variant_points):.1f}%",
                                f"{100 * value:+.1f}", f"{100 * low:+.1f}", "to", f"{100 * high:+.1f}", "yes"]


def test_stats_json_and_csv_count_each_set_of_rules_apart(staku_folder):
    data = json.loads(run(staku_folder, "--format", "json"))
    groups = _expected_groups()
    assert list(data["games"]) == list(groups)
    for label, results in groups.items():
        finished, score, low, high = _score_and_bounds(results)
        group = data["games"][label]
        assert (group["game"], group["records"]) == ("Staku", len(results))
        assert group["variant"] == ("Staku-2" if "(" in label else "")
        assert group["results"] == {result: results.count(result) for result in ("1-0", "0-1", "1/2-1/2", "*")}
        assert group["first_side_score"] == {"side": "White", "finished": finished, "score": round(score, 4),
                                             "ci95": [round(low, 4), round(high, 4)]}
    assert data["games"]["Staku (Staku-2)"]["endings"] == [
        {"code": "result-recorded", "end": Ending.RESULT_RECORDED.general, "records": 15},
        {"code": "palace-taken", "end": Ending.PALACE_TAKEN.general, "records": 1}]
    compared = data["variants_compared"]["Staku"]
    assert compared["baseline"] == "Staku" and [v["rules"] for v in compared["variants"]] == ["Staku (Staku-2)"]
    change = difference(Counter(groups["Staku (Staku-2)"]), Counter(groups["Staku"]))
    assert change is not None
    assert compared["variants"][0] == {"rules": "Staku (Staku-2)", "difference": round(change.value, 4),
                                       "ci95": [round(change.low, 4), round(change.high, 4)], "clear_of_zero": True}

    rows = list(csv.DictReader(io.StringIO(run(staku_folder, "--format", "csv"))))
    scores = {row["Game"]: row for row in rows if row["Table"] == "First side's score"}
    assert list(scores) == list(groups)
    for label, results in groups.items():
        finished, score, low, high = _score_and_bounds(results)
        row = scores[label]
        assert (row["Item"], row["Records"], row["First side's score"], row["95% CI low"], row["95% CI high"]) == (
            "White", str(finished), str(round(score, 4)), str(round(low, 4)), str(round(high, 4)))
    [row] = [row for row in rows if row["Table"] == "Variants compared"]
    assert (row["Game"], row["Item"], row["Records"], row["Difference"], row["95% CI low"], row["95% CI high"]) == (
        "Staku (Staku-2)", "Staku", "16", str(round(change.value, 4)), str(round(change.low, 4)),
        str(round(change.high, 4)))


def test_a_game_played_only_in_variants_is_compared_with_its_largest_group(tmp_path):
    shutil.copy(CORPUS / "tchako" / "strategic-centre.tgn", tmp_path / "a.tgn")  # strategic shots, read first
    hill = (CORPUS / "tchako" / "central-hill.tgn").read_text(encoding="utf-8")  # king of the hill
    (tmp_path / "b.tgn").write_text(hill + "\n" + hill.replace('[Round "2"]', '[Round "3"]'), encoding="utf-8")
    data = json.loads(run(tmp_path, "--format", "json"))
    assert list(data["games"]) == ["T'Chako (king of the hill)", "T'Chako (strategic shots)"]
    assert [data["games"][label]["records"] for label in data["games"]] == [2, 1]
    assert data["variants_compared"] == {"T'Chako": {"baseline": "T'Chako (king of the hill)", "variants": [
        {"rules": "T'Chako (strategic shots)", "difference": None, "ci95": None, "clear_of_zero": None}]}}
    text = run(tmp_path)
    assert "\nT'Chako (strategic shots)                1           0.0%                    -       -              -\n" in text
