"""Random records, standings and their outputs, and the generate and standings commands."""

from __future__ import annotations

from fractions import Fraction

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation import check, read_string
from ludoscribe.notation.generate import random_text
from ludoscribe.notation.events.standings import ScoredGame, Scoring, by_event, standings
from ludoscribe.render.standings import points_text, to_csv, to_html, to_markdown, to_text

GAMES = ("Teblo", "Staku", "Tektop", "Tekao")


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


# --- generate -------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_generated_records_check_clean_and_depend_only_on_the_seed(game):
    text = random_text(game, 3, seed=11, max_turns=60)
    assert random_text(game, 3, seed=11, max_turns=60) == text
    assert random_text(game, 3, seed=12, max_turns=60) != text
    records = read_string(text)
    assert len(records) == 3
    for record in records:
        replayed = check(record)
        assert not record.problems
        assert len(record.moves) <= 60
        assert record.result == (replayed.outcome.result if replayed.outcome else "*")


def test_generate_command_writes_the_same_bytes_for_the_same_seed(tmp_path):
    first, second, other = (tmp_path / name for name in ("a.tgn", "b.tgn", "c.tgn"))
    for path, seed in ((first, "5"), (second, "5"), (other, "6")):
        assert run("generate", "staku", "--count", "4", "--seed", seed, "-o", str(path)).exit_code == 0
    assert first.read_bytes() == second.read_bytes() != other.read_bytes()
    result = run("check", str(first))
    assert result.exit_code == 0 and result.stderr == "checked 4 records in 1 file: 4 valid\n"


def test_generate_refuses_an_unknown_game():
    result = run("generate", "chess")
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.stderr


# --- standings ------------------------------------------------------------------------

ONE = Scoring(Fraction(1), Fraction(1, 2), Fraction(0))


def table_of(games):
    return {row.player: row for row in standings(games).rows}


def test_points_and_sonneborn_berger_on_a_small_round_robin():
    # Ana beats Bo, draws Cy; Bo beats Cy; Dee loses to everyone.
    games = [ScoredGame("Ana", "Bo", "1-0"), ScoredGame("Cy", "Ana", "1/2-1/2"), ScoredGame("Bo", "Cy", "1-0"),
             ScoredGame("Dee", "Ana", "0-1"), ScoredGame("Bo", "Dee", "1-0"), ScoredGame("Dee", "Cy", "0-1")]
    rows = standings(games).rows
    assert [(r.rank, r.player, r.points) for r in rows] == [(1, "Ana", 2.5), (2, "Bo", 2), (3, "Cy", 1.5), (4, "Dee", 0)]
    ana = rows[0]
    assert ana.sonneborn_berger == 2 + Fraction(1, 2) * Fraction(3, 2) + 0
    assert (ana.games, ana.wins, ana.draws, ana.losses) == (3, 2, 1, 0)


def test_sonneborn_berger_breaks_a_tie_on_points():
    # Ana and Bo both score 1: Ana beat the strong Cy, Bo beat the weak Dee.
    games = [ScoredGame("Ana", "Cy", "1-0"), ScoredGame("Bo", "Dee", "1-0"), ScoredGame("Cy", "Dee", "1-0"),
             ScoredGame("Cy", "Bo", "1-0"), ScoredGame("Dee", "Ana", "1-0")]
    rows = table_of(games)
    assert rows["Ana"].points == rows["Bo"].points == 1
    assert (rows["Ana"].sonneborn_berger, rows["Bo"].sonneborn_berger) == (2, 1)
    assert rows["Ana"].rank < rows["Bo"].rank


TEBLO = Scoring(Fraction(3), Fraction(1), Fraction(0))


def test_direct_encounter_breaks_a_tie_on_points_and_sonneborn_berger():
    # Teblo scoring: Ana, Bo and Cy all have 3 points and SB 9; Ana beat Bo, Cy met neither.
    games = [ScoredGame(*game, TEBLO) for game in (
        ("Cy", "Dee", "1-0"), ("Dee", "Eve", "1-0"), ("Bo", "Eve", "0-1"), ("Ana", "Bo", "1-0"),
        ("Cy", "Eve", "0-1"), ("Bo", "Dee", "1-0"))]
    rows = standings(games).rows
    assert [(r.rank, r.player, r.points, r.sonneborn_berger, r.direct) for r in rows] == [
        (1, "Eve", 6, 18, 0), (2, "Dee", 3, 18, 0), (3, "Ana", 3, 9, 3), (4, "Bo", 3, 9, 0), (4, "Cy", 3, 9, 0)]


def test_wins_break_a_tie_left_by_the_other_three():
    # Teblo scoring: Bo wins once (3), Ana draws three times (3); same SB, never met.
    games = [ScoredGame(*game, TEBLO) for game in (
        ("Ana", "Cy", "1/2-1/2"), ("Bo", "Cy", "1-0"), ("Ana", "Eve", "1/2-1/2"), ("Ana", "Dee", "1/2-1/2"))]
    rows = standings(games).rows
    assert [(r.rank, r.player, r.points, r.sonneborn_berger, r.direct, r.wins) for r in rows[:2]] == [
        (1, "Bo", 3, 3, 0, 1), (2, "Ana", 3, 3, 0, 0)]
    assert [(r.rank, r.player) for r in rows[2:]] == [(3, "Cy"), (3, "Dee"), (3, "Eve")]


def test_unfinished_and_unnamed_games_are_left_out():
    table = standings([ScoredGame("Ana", "Bo", "*"), ScoredGame("?", "Bo", "1-0"), ScoredGame("Cy", "Cy", "1-0"),
                       ScoredGame("Ana", "Bo", "0-1")])
    assert [(r.player, r.points, r.games) for r in table.rows] == [("Bo", 1, 1), ("Ana", 0, 1)]
    assert (table.unfinished, table.unnamed) == (1, 2)


def test_scoring_follows_the_game_unless_given():
    text = ('[Game "Teblo"]\n[Event "E"]\n[Yellow "Ana"]\n[Red "Bo"]\n[Result "1/2-1/2"]\n\n1/2-1/2\n\n'
            '[Game "Staku"]\n[Event "F"]\n[White "Ana"]\n[Black "Bo"]\n[Result "1/2-1/2"]\n\n1/2-1/2\n')
    records = read_string(text)
    assert [r.points for r in by_event(records)["E"].rows] == [1, 1]
    assert [r.points for r in by_event(records)["F"].rows] == [Fraction(1, 2)] * 2
    assert [r.points for r in by_event(records, Scoring.parse("2,1,0"))["F"].rows] == [1, 1]
    with pytest.raises(ValueError, match="is not WIN,DRAW,LOSS"):
        Scoring.parse("3,1")


# --- outputs --------------------------------------------------------------------------

SMALL = [ScoredGame("Ana", "Bo", "1-0"), ScoredGame("Bo", "<script>alert(1)</script>", "1/2-1/2"),
         ScoredGame("Ana", "<script>alert(1)</script>", "*")]


def test_points_are_written_with_halves():
    assert [points_text(Fraction(n, 2)) for n in (0, 1, 3, 4)] == ["0", "½", "1½", "2"]
    assert points_text(Fraction(3, 2), plain=True) == "1.5"


def test_text_output_aligns_a_crosstable():
    assert to_text("Club", standings(SMALL)) == (
        "Club\n====\n\n"
        "Rank  Player                     1  2  3  Games  W  D  L  Points    SB  DE\n"
        "   1  Ana                        x     1      1  1  0  0       1     ½   0\n"
        "   2  <script>alert(1)</script>     x  ½      1  0  1  0       ½  0.25   ½\n"
        "   2  Bo                         0  ½  x      2  0  1  1       ½  0.25   ½\n"
        "\nSB: Sonneborn-Berger; DE: direct encounter (points among the players tied before it).\n"
        "1 unfinished game not counted.\n")


def test_markdown_output_escapes_names():
    text = to_markdown("Club *1*", standings(SMALL))
    assert text.startswith("## Club &#42;1&#42;\n\n| Rank | Player | 1 | 2 | 3 | Games | W | D | L | Points | SB | DE |\n")
    assert "| 2 | &lt;script>alert(1)&lt;/script> |  | x | ½ | 1 | 0 | 1 | 0 | ½ | 0.25 | ½ |\n" in text
    assert "<script>" not in text


def test_html_output_escapes_names():
    html = to_html("Club <b>", standings(SMALL))
    assert "<h2>Club &lt;b&gt;</h2>" in html
    assert "<tr><td>2</td><td>&lt;script&gt;alert(1)&lt;/script&gt;</td><td></td><td>x</td><td>½</td>" in html
    assert "<script>" not in html and "<b>" not in html


def test_csv_output_puts_every_event_in_one_table():
    assert to_csv({"Club": standings(SMALL), "Other": standings(SMALL[:1])}) == (
        '"Event","Rank","Player","Games","W","D","L","Points","SB","DE","1","2","3"\n'
        '"Club","1","Ana","1","1","0","0","1","0.5","0","","","1"\n'
        '"Club","2","<script>alert(1)</script>","1","0","1","0","0.5","0.25","0.5","","","0.5"\n'
        '"Club","2","Bo","2","0","1","1","0.5","0.25","0.5","0","0.5",""\n'
        '"Other","1","Ana","1","1","0","0","1","0","0","","1",""\n'
        '"Other","2","Bo","1","0","0","1","0","0","0","0","",""\n')


def test_standings_command_reads_an_event_and_reports_bad_records(tmp_path):
    event = tmp_path / "event.tgn"
    event.write_text('[Game "Teblo"]\n[Event "Cup"]\n[Yellow "Ana"]\n[Red "Bo"]\n[Result "1-0"]\n\n1-0\n\n'
                     '[Game "Teblo"]\n[Event "Cup"]\n[Yellow "Bo"]\n[Red "Ana"]\n[Result "1/2-1/2"]\n\n1/2-1/2\n\n'
                     '[Game "Teblo"]\n[Event "Cup"]\n[Result "*"]\n\n1. D6 *\n', encoding="utf-8")
    result = run("standings", str(event), "--format", "csv")
    assert result.exit_code == 1
    assert result.stdout == ('"Event","Rank","Player","Games","W","D","L","Points","SB","DE","1","2"\n'
                             '"Cup","1","Ana","2","1","1","0","4","4","0","","3 1"\n'
                             '"Cup","2","Bo","2","0","1","1","1","4","0","0 1",""\n')
    assert f"{event}:21:4: turn 1 Yellow: D6 is not next" in result.stderr
    result = run("standings", str(event), "--points", "1,0.5,0")
    assert "   1  Ana       x  1 ½      2  1  1  0      1½  0.75   0\n" in result.stdout
    assert run("standings", str(event), "--points", "x").exit_code == 2


def test_site_event_page_shows_the_standings(tmp_path):
    event = tmp_path / "cup.tgn"
    event.write_text('[Game "Teblo"]\n[Event "Cup"]\n[Yellow "Ana"]\n[Red "<script>alert(1)</script>"]\n'
                     '[Result "0-1"]\n\n1. D4 0-1\n', encoding="utf-8")
    result = run("site", str(event), "-o", str(tmp_path / "site"), "--project", str(tmp_path / "project"))
    assert result.exit_code == 0, result.output
    page = (tmp_path / "project" / "docs" / "events" / "cup.md").read_text(encoding="utf-8")
    assert ("\n## Standings\n\n<div class=\"ls-standings\" tabindex=\"0\" role=\"region\" aria-label=\"Standings\">\n"
            "<table class=\"ls-crosstable\">\n<thead><tr><th>Rank</th>"
            "<th>Player</th><th>1</th><th>2</th><th>Games</th><th>W</th><th>D</th><th>L</th><th>Points</th><th>SB</th>"
            "<th>DE</th></tr></thead>\n") in page
    assert ("<tr><td>1</td><td>&lt;script&gt;alert(1)&lt;/script&gt;</td><td>x</td><td>3</td><td>1</td><td>1</td>"
            "<td>0</td><td>0</td><td>3</td><td>0</td><td>0</td></tr>\n") in page
    html = (tmp_path / "site" / "events" / "cup.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;</td>" in html and "<script>alert" not in html


def test_an_event_without_named_players_says_so_in_one_line_instead_of_an_empty_table(tmp_path):
    unnamed = '[Game "Staku"]\n[Event "Club"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n\n*\n'
    (tmp_path / "club.tgn").write_text(unnamed + "\n" + unnamed.replace("?", "Ann", 2), encoding="utf-8")
    line = "No player to rank: 2 games without two named players not counted."
    expected = {"text": f"Club\n====\n\n{line}\n", "markdown": f"## Club\n\n{line}\n",
                "html": f'<section class="standings">\n<h2>Club</h2>\n<p>{line}</p>\n</section>\n'}
    for form, text in expected.items():
        done = CliRunner().invoke(cli, ["standings", str(tmp_path / "club.tgn"), "--format", form])
        assert (done.exit_code, done.stdout) == (0, text)
