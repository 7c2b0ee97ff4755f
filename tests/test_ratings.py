"""`ludoscribe ratings` (docs/ratings.md): Glicko-2 as Glickman's paper computes it, periods in order of
date, one pool per game, a game read twice rated once, undated games said."""

from __future__ import annotations

import json
import re
import math

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.archive.ratings import Rating, rate_period


def record(white: str, black: str, result: str, date: str = "2026.03.01", event: str = "Spring",
           game: str = "Staku") -> str:
    """A game resigned at once: its result and no turns (it checks clean)."""
    return (f'[Game "{game}"]\n[Event "{event}"]\n[Date "{date}"]\n[White "{white}"]\n[Black "{black}"]\n'
            f'[Result "{result}"]\n\n{result}\n\n')


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["ratings", *args])
    return result.exit_code, result.stdout, result.stderr


def rated(path, *options: str) -> dict[str, dict[str, dict]]:
    """game -> player -> their row of --format json."""
    code, out, err = run(str(path), "--format", "json", *options)
    assert code == 0, err
    return {game: {row["player"]: row for row in rows} for game, rows in json.loads(out)["games"].items()}


def test_glickmans_worked_example():
    # docs/ratings.md#glicko-2: the paper's player of 1500, 200, 0.06 beats 1400 (30) and loses to 1550 (100)
    # and 1700 (300) in one period
    after = rate_period(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0),
                                                  (Rating(1700, 300), 0)])
    # the paper prints 1464.06 from rounded steps; computed unrounded it is 1464.0507
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert round(after.deviation, 2) == 151.52
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_the_ratings_do_not_depend_on_where_the_scale_starts():
    # a player of 1800 against opponents 300 above and below plays as the paper's 1500: the same
    # volatility (the glicko2 package's volatility step mixes the rating in: docs/ratings.md#why-our-own-code)
    games = [(-100, 30, 1.0), (50, 100, 0.0), (200, 300, 0.0)]
    low = rate_period(Rating(1500, 200, 0.06), [(Rating(1500 + d, rd), s) for d, rd, s in games])
    high = rate_period(Rating(1800, 200, 0.06), [(Rating(1800 + d, rd), s) for d, rd, s in games])
    assert high.volatility == pytest.approx(low.volatility, abs=1e-9)
    assert high.rating - 300 == pytest.approx(low.rating, abs=1e-6)


def test_two_periods_by_hand(tmp_path):
    # March: Ann beats Bob, both new (1500, 350): the paper's steps give 1662.31 / 1337.69, deviation 290.32.
    # May (April without a game): each deviation first grows by one idle month, sqrt(phi² + sigma²), then
    # Bob beats Ann.
    (tmp_path / "club.tgn").write_text(record("Ann", "Bob", "1-0", "2026.03.05")
                                       + record("Ann", "Bob", "0-1", "2026.05.09"), encoding="utf-8")
    players = rated(tmp_path, "--history")["Staku"]
    ann, bob = players["Ann"], players["Bob"]
    assert [round(step["rating"], 2) for step in ann["history"]][0] == 1662.31
    assert round(bob["history"][0]["rating"], 2) == 1337.69
    assert round(ann["history"][0]["deviation"], 2) == 290.32
    march = Rating(1662.3108939062977, 290.31896371798047, 0.05999967537233814)
    sigma = march.volatility
    april = Rating(march.rating, 173.7178 * math.sqrt((march.deviation / 173.7178) ** 2 + sigma ** 2), sigma)
    bob_april = Rating(3000 - april.rating, april.deviation, sigma)
    may = rate_period(april, [(bob_april, 0.0)])
    assert ann["rating"] == pytest.approx(may.rating, abs=1e-6)
    assert ann["deviation"] == pytest.approx(may.deviation, abs=1e-6)
    assert [step["period"] for step in ann["history"]] == ["2026-03", "2026-05"]
    assert ann["games"] == 2 and ann["last_period"] == "2026-05"
    assert bob["rating"] > ann["rating"] - 1e-9 and round(ann["rating"] + bob["rating"], 6) == 3000


def test_dates_order_the_periods_not_the_files(tmp_path):
    # the later game written first: the ratings are those of the dates' order
    in_order = tmp_path / "in_order"
    backwards = tmp_path / "backwards"
    in_order.mkdir()
    backwards.mkdir()
    first, second = record("Ann", "Bob", "1-0", "2026.01.10"), record("Cid", "Ann", "1-0", "2026.02.10")
    (in_order / "a.tgn").write_text(first + second, encoding="utf-8")
    (backwards / "a.tgn").write_text(second + first, encoding="utf-8")
    assert rated(in_order) == rated(backwards)
    assert [step["period"] for step in rated(backwards, "--history")["Staku"]["Ann"]["history"]] \
        == ["2026-01", "2026-02"]


def test_games_are_rated_apart(tmp_path):
    # Ann beats Bob at Staku and loses to him at Tektop: two pools, each its own ratings
    (tmp_path / "a.tgn").write_text(record("Ann", "Bob", "1-0") + record("Ann", "Bob", "0-1", game="Tektop"),
                                    encoding="utf-8")
    pools = rated(tmp_path)
    assert set(pools) == {"Staku", "Tektop"}
    assert pools["Staku"]["Ann"]["rating"] > 1500 > pools["Tektop"]["Ann"]["rating"]
    assert pools["Staku"]["Ann"]["games"] == pools["Tektop"]["Ann"]["games"] == 1
    assert set(rated(tmp_path, "--game", "tektop")) == {"Tektop"}


def test_a_game_read_twice_is_rated_once(tmp_path):
    text = record("Ann", "Bob", "1-0")
    (tmp_path / "a.tgn").write_text(text, encoding="utf-8")
    (tmp_path / "copy.tgn").write_text(text, encoding="utf-8")
    code, out, err = run(str(tmp_path), "--format", "json")
    assert code == 0
    ann = json.loads(out)["games"]["Staku"][0]
    assert ann["player"] == "Ann" and ann["games"] == 1 and round(ann["rating"], 2) == 1662.31
    assert "same game" in err and "counted once" in err


def test_an_undated_game_takes_its_events_date_else_is_said(tmp_path):
    (tmp_path / "a.tgn").write_text(record("Ann", "Bob", "1-0", "2026.03.01")
                                    + record("Bob", "Cid", "1-0", "????.??.??")  # Spring's date: March
                                    + record("Cid", "Dan", "1-0", "2026.??.??", event="?"),  # no date to take
                                    encoding="utf-8")
    code, out, err = run(str(tmp_path), "--format", "json", "--history")
    assert code == 0
    players = {row["player"]: row for row in json.loads(out)["games"]["Staku"]}
    assert set(players) == {"Ann", "Bob", "Cid"} and players["Cid"]["last_period"] == "2026-03"
    assert err.strip() == "1 game left out: no full Date, nor a dated game of the same event"


def test_unfinished_unnamed_and_broken_records(tmp_path):
    (tmp_path / "a.tgn").write_text(record("Ann", "Bob", "*") + record("Ann", "?", "1-0")
                                    + record("Ann", "Ann", "1-0") + record("Ann", "Bob", "1/2-1/2"),
                                    encoding="utf-8")
    players = rated(tmp_path)["Staku"]
    assert players["Ann"]["games"] == 1 and round(players["Ann"]["rating"], 6) == 1500  # the draw alone
    (tmp_path / "bad.tgn").write_text('[Game "Staku"]\n[Result "1-0"]\n\n1. Z99 1-0\n', encoding="utf-8")
    code, out, err = run(str(tmp_path))
    assert code == 1 and "bad.tgn" in err and "Ann" in out
    code, _, err = run(str(tmp_path / "missing"))
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_text_and_csv_keep_names_inert(tmp_path):
    (tmp_path / "a.tgn").write_text(record("=HYPERLINK(1)", "Bob\x1b[31m", "1-0"), encoding="utf-8")
    code, out, _ = run(str(tmp_path))
    assert code == 0 and "\x1b" not in out and "Rank  Player" in out
    code, out, _ = run(str(tmp_path), "--format", "csv")
    assert code == 0 and '"=HYPERLINK' not in out and "HYPERLINK(1)" in out


def test_the_sites_players_page_shows_each_players_ratings(tmp_path):
    # docs/ratings.md#on-the-site: a table per player under their records, a row per game
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "a.tgn").write_text(record("Ann", "Bob <b>", "1-0", "2026.03.01")
                                  + record("Ann", "Bob <b>", "1/2-1/2", "2026.04.02")
                                  + record("Ann", "Bob <b>", "0-1", "2026.03.01", game="Tektop")
                                  + record("Ann", "Cid", "*"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["site", str(folder), "-o", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "site" / "players.html").read_text(encoding="utf-8")
    ann = page[page.index('id="player-ann"'):page.index('id="player-bob-b"')]
    staku = rated(folder)["Staku"]["Ann"]
    assert (f"<tr><td>Staku</td><td>{staku['rating']:.0f}</td><td>±{staku['deviation']:.0f}</td><td>1 of 2</td>"
            f"<td>2</td><td>2026-03: 1662, 2026-04: {staku['rating']:.0f}</td></tr>") in ann
    assert "<tr><td>Tektop</td><td>1338</td><td>±290</td><td>2 of 2</td><td>1</td><td>2026-03: 1338</td></tr>" in ann
    bob = page[page.index('id="player-bob-b"'):page.index('id="player-cid"')]
    assert "<tr><td>Staku</td>" in bob and "<td>2 of 2</td>" in bob and "<b>" not in bob
    cid = page[page.index('id="player-cid"'):]
    assert "ls-ratings" not in cid.split("</ul>", 1)[1].split("<h2", 1)[0]  # no finished game: no ratings


@pytest.fixture
def league(tmp_path):
    """January: Ann beats Bob (both new, 1500). February: Ann (1662 now) beats Cid (new), Dan (new) beats
    Bob (1338 now). An undated game of no event is rated by nobody."""
    (tmp_path / "league.tgn").write_text(record("Ann", "Bob", "1-0", "2026.01.10")
                                         + record("Ann", "Cid", "1-0", "2026.02.10")
                                         + record("Dan", "Bob", "1-0", "2026.02.11")
                                         + record("Eve", "Fay", "1-0", "????.??.??", event="?"), encoding="utf-8")
    return tmp_path / "league.tgn"


def chosen(league, *options: str) -> list[tuple[str, str]]:
    result = CliRunner().invoke(cli, ["filter", str(league), *options])
    assert result.exit_code == 0, result.output
    return re.findall(r'\[White "(.*)"\]\n\[Black "(.*)"\]', result.stdout)


def test_filter_chooses_by_both_players_ratings_before_the_game(league):
    # docs/ratings.md#choosing-by-rating: the ratings at the start of the game's month, both players in range
    assert chosen(league, "--rating", "1450..") == [("Ann", "Bob"), ("Ann", "Cid")]
    assert chosen(league, "--rating", "..1600") == [("Ann", "Bob"), ("Dan", "Bob")]
    assert chosen(league, "--rating", "1500") == [("Ann", "Bob")]
    assert chosen(league, "--rating", "1600..") == []
    assert chosen(league, "--rating", "1450..", "--player", "Cid") == [("Ann", "Cid")]


def test_stats_counts_by_rating(league):
    result = CliRunner().invoke(cli, ["stats", str(league), "--rating", "..1600", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"]["Staku"]["records"] == 2


@pytest.mark.parametrize("command", ["filter", "stats"])
@pytest.mark.parametrize("text", ["high", "1500..x", "..", "nan", "1e9"])
def test_a_bad_rating_range_is_one_line(league, command, text):
    result = CliRunner().invoke(cli, [command, str(league), "--rating", text])
    assert result.exit_code == 2 and "--rating" in result.stderr and "Traceback" not in result.output
    result = CliRunner().invoke(cli, [command, "-", "--rating", "1500.."], input=league.read_text())
    assert result.exit_code == 2 and result.stderr.strip().splitlines()[-1].startswith("Error: --rating reads")


def test_games_the_model_was_sure_of_leave_the_rating_as_an_idle_period_does():
    # docs/ratings.md#glicko-2: ratings 8000 points apart, the expected score 1 to the last digit
    player = Rating(5000, 30, 0.06)
    for score in (1.0, 0.0):
        after = rate_period(player, [(Rating(-3000, 30), score)] * 100)
        assert after.rating == 5000 and after.volatility == 0.06
        assert after.deviation == pytest.approx(173.7178 * math.sqrt((30 / 173.7178) ** 2 + 0.06 ** 2))


def test_an_archive_without_a_rated_game_says_so(tmp_path):
    (tmp_path / "a.tgn").write_text(record("Ann", "Bob", "*") + record("Ann", "?", "1-0"), encoding="utf-8")
    code, out, err = run(str(tmp_path))
    assert code == 0 and out == "" and err.strip() == "no finished game between two named players"
