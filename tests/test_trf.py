"""The FIDE tournament report file written and read (docs/tournaments.md#the-fide-report-file-trf)."""

from fractions import Fraction as F
from pathlib import Path

import pytest

from ludoscribe.notation.events.rounds import Absence, Entrant, Pairing, Rounds, Unplayed
from ludoscribe.notation.events.standings import Scoring
from ludoscribe.notation.events.tiebreaks import tie_break_values
from ludoscribe.notation.events.trf import Columns, Report, TrfError, left_out, read, write
from test_tiebreaks import ABSENCES, ENTRANTS, GAMES, SWISS


def test_rounds_written_and_read_back_are_equal():
    report = Report(SWISS, name="Club night", city="Gent", federation="BEL", start="2026/03/14", end="2026/03/14",
                    kind="Swiss Dutch", chief_arbiter="Ann Arbiter", deputies=("Bo Deputy", "Cy Deputy"),
                    time_control="60 min + 30 s", planned_rounds=5,
                    columns={1: Columns("w", "WFM", "BEL", "1990/01/02")}, other_lines=("XXC white1",))
    text = write(report)
    assert text.splitlines()[:12] == [
        "012 Club night", "022 Gent", "032 BEL", "042 2026/03/14", "052 2026/03/14", "062 5", "072 5",
        "092 Swiss Dutch", "102 Ann Arbiter", "112 Bo Deputy", "112 Cy Deputy", "122 60 min + 30 s"]
    # Columns 5-8 number, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56 federation,
    # 70-79 birth, 81-84 points, 86-89 rank, then per round from 92: opponent, colour, result.
    assert text.splitlines()[14] == (
        "001    1 wWFM Ana                               2000 BEL             1990/01/02  2.5    1"
        "     2 w 1     5 b 1     3 w =")
    assert text.splitlines()[17] == (
        "001    4      Dee                               1700                             0.5    5     3 b =     2 w -")
    assert read(text) == report


def test_the_events_scoring_and_a_game_in_play_survive_the_round_trip():
    # 3 / 1 / 0 with a pairing bye of a draw's point goes in an XXS line (JaVaFo's keys); a game
    # paired but not finished is written with a blank result.
    rounds = Rounds(ENTRANTS, [*GAMES, Pairing(4, 1, 1, 2, "*"), Pairing(4, 2, 3, 5, "*")], ABSENCES,
                    Scoring(F(3), F(1), F(0)), F(1))
    text = write(Report(rounds))
    assert "XXS WW=3 BW=3 WD=1 BD=1 WL=0 BL=0 ZPB=0 HPB=1 FPB=3 PAB=1 FW=3 FL=0\n" in text
    assert read(text).rounds == rounds
    assert "XXS" not in write(Report(SWISS))  # chess's scoring needs no line


# A report file written by hand in the TRF-16 layout: four players, three rounds, with a
# forfeit (round 2: Dias did not come, Adams wins by forfeit), an unrated draw (D), a
# half-point bye (Costa, round 3), a withdrawal (Dias, nothing in round 3), and header lines
# that are kept as they are (132: the rounds' dates).
BY_HAND = """\
012 Open de Gent
022 Gent
032 BEL
042 2026/03/14
052 2026/03/16
062 4
072 3
092 Individual: Swiss-System
102 Arbiter, Ann
112 Deputy, Bo
122 90 min/40 moves + 30 min, 30 s per move
132                                                                                        26/03/14  26/03/15  26/03/16
XXR 3
001    1 m GM Adams, Michael                    2700 ENG      400041 1971/11/17  2.5    1     3 w 1     4 b +     2 w D
001    2 w IM Berg, Anna                        2450 SWE     1700000 1990/05/01  1.0    3     4 w =     3 b 0     1 b D
001    3 m    Costa, Rui                        2100 POR             2001/02/03  1.5    2     1 b 0     2 w 1  0000 - H
001    4 w    Dias, Eva                              POR                         0.5    4     2 b =     1 w -
"""


def test_a_file_written_by_another_program_is_read():
    report = read(BY_HAND)
    assert (report.name, report.city, report.federation, report.start, report.end, report.kind) == (
        "Open de Gent", "Gent", "BEL", "2026/03/14", "2026/03/16", "Individual: Swiss-System")
    assert (report.chief_arbiter, report.deputies, report.time_control, report.planned_rounds) == (
        "Arbiter, Ann", ("Deputy, Bo",), "90 min/40 moves + 30 min, 30 s per move", 3)
    assert report.other_lines == (BY_HAND.splitlines()[11],)
    assert report.rounds.entrants == [Entrant(1, "Adams, Michael", 2700, id="400041"),
                                      Entrant(2, "Berg, Anna", 2450, id="1700000"), Entrant(3, "Costa, Rui", 2100),
                                      Entrant(4, "Dias, Eva")]
    assert report.columns[1] == Columns("m", "GM", "ENG", "1971/11/17")
    # no boards in a TRF: each round's boards follow the lower starting number of the two
    assert report.rounds.games == [
        Pairing(1, 1, 1, 3, "1-0"), Pairing(1, 2, 2, 4, "1/2-1/2"),
        Pairing(2, 1, 4, 1, "0-1", forfeit=True), Pairing(2, 2, 3, 2, "1-0"),
        Pairing(3, 1, 1, 2, "1/2-1/2")]
    assert report.rounds.absences == [Absence(3, 3, Unplayed.HALF_BYE)]
    # Adams: 1 + 1 (forfeit) + ½ = 2½; the forfeit counts his own 2½ in BH:
    # Costa 1½ + own 2½ + Berg 1 = 5
    assert tie_break_values(report.rounds, ["BH"])[1] == {"BH": 5}
    # written again, the file keeps what it said (boards aside, which it never had)
    assert read(write(report)) == report


def test_line_ends_a_byte_order_mark_and_capital_colours_read_the_same():
    windows = "\ufeff" + BY_HAND.replace("     3 w 1", "     3 W 1").replace("\n", "\r\n")
    assert read(windows) == read(BY_HAND)


@pytest.mark.parametrize("change, message", [
    (("001    1 m GM", "001    x m GM"), "line 14: the starting number 'x' is not a number"),
    (("2700 ENG", "27O0 ENG"), "line 14: the rating '27O0' is not a number"),
    (("     3 w 1", "     3 x 1"), "line 14: round 1 of player 1: colour 'x' and result '1' are not a game's"),
    (("     3 w 1", "     3 w H"), "line 14: round 1 of player 1: colour 'w' and result 'H' are not a game's"),
    (("     3 w 1", "     9 w 1"), "line 14: round 1: player 1's opponent 9 has no line"),
    (("     3 w 1", "     2 w 1"), "line 14: round 1: player 1 meets 2, but player 2's line gives player 4"),
    (("     3 w 1", "     3 b 1"), "line 16: round 1: player 1 meets 3: the colours are 'b' and 'b', not w and b"),
    (("     3 w 1", "     3 w ="), "line 16: round 1: player 1 meets 3: the results '=' and '0' do not match"),
    (("0000 - H", "0000 w H"), "line 16: round 3 of player 3 has no opponent: colour 'w' and result 'H'"),
    (("0000 - H", "0000 - X"), "line 16: round 3 of player 3 has no opponent: colour '-' and result 'X'"),
    (("0000 - H", "00 0 - H"), "line 16: round 3's opponent '00 0' is not a number"),
    (("     3 w 1", "    3 w 1 "), "line 14: round 1 of player 1 is not in its columns (92-99)"),
    (("001    3 m", "001    1 m"), "line 16: starting number 1 is already on line 14"),
    (("Costa, Rui", "          "), "line 16: player 3 has no name (columns 15-47)"),
    (("  2.5    1", "  3.5    1"), "line 14: player 1's points 3.5 are not the 2.5 their rounds give"),
    (("062 4", "062 four"), "line 6: the count of line 062 'four' is not a number"),
    (("XXR 3", "XXR three"), "line 13: the number of rounds (XXR) 'three' is not a number"),
    (("XXR 3", "XXS W=2 BW=3"), "line 13: XXS gives a win different points (2, 3)"),
    (("XXR 3", "XXS W=x"), "line 13: XXS 'W=x' is not KEY=POINTS"),
    (("XXR 3", "XXS W=1 BYE=1"), "line 13: XXS key BYE is not one of"),
    (("XXR 3", "XXR\t3"), "line 13: a TRF line holds no tab or control character"),
    (("XXR 3", "Hello"), "line 13: 'Hello' does not start with a three-character code and a space"),
])
def test_a_bad_line_is_refused_in_one_line_with_its_number(change, message):
    old, new = change
    assert old in BY_HAND
    with pytest.raises(TrfError) as refused:
        read(BY_HAND.replace(old, new, 1))
    assert str(refused.value).startswith(message) and "\n" not in str(refused.value)


def test_a_file_scored_otherwise_must_say_so():
    # The same night scored 3 / 1 / 0 without an XXS line: Adams's 7 points are refused, not misread.
    scored = BY_HAND.replace("  2.5    1", "  7.0    1").replace("  1.0    3", "  2.0    3").replace(
        "  1.5    2", "  4.0    2").replace("  0.5    4", "  1.0    4")
    with pytest.raises(TrfError, match="^line 14: player 1's points 7 are not the 2.5 their rounds give with 1 / 0.5 / 0"):
        read(scored)
    report = read(scored.replace("XXR 3", "XXR 3\nXXS W=3 D=1 L=0"))
    assert report.rounds.scoring == Scoring(F(3), F(1), F(0)) and report.rounds.bye_points == 3


def test_a_double_forfeit_is_read_as_two_zero_point_byes():
    text = BY_HAND.replace("     4 b +", "     4 b -").replace("  2.5    1", "  1.5    1")
    assert read(text).rounds.absences == [
        Absence(2, 1, Unplayed.ZERO_BYE), Absence(2, 4, Unplayed.ZERO_BYE), Absence(3, 3, Unplayed.HALF_BYE)]


def test_what_a_trf_cannot_hold_is_listed_or_refused():
    rounds = Rounds([Entrant(1, "A" * 40, 1500, club="Gent", id="BEL-12"), Entrant(2, "Bo", id="12345")],
                    [Pairing(1, 1, 1, 2, "1-0")])
    assert left_out(rounds) == [
        "player 1's club 'Gent' (a TRF has no club column)",
        "player 1's id 'BEL-12' (a TRF id is a number of at most 11 digits)",
        f"the end of player 1's name '{'A' * 40}' (a TRF name has 33 columns)"]
    line = write(Report(rounds)).splitlines()[2]
    assert line[14:47] == "A" * 33 and line[57:68] == " " * 11
    with pytest.raises(TrfError, match="the name 'Ana\\\\n001' holds a control character or a line break"):
        write(Report(Rounds([Entrant(1, "Ana\n001"), Entrant(2, "Bo")])))
    with pytest.raises(TrfError, match="^round 1, board 1: a forfeit drawn has no TRF result"):
        write(Report(Rounds([Entrant(1, "Ana"), Entrant(2, "Bo")], [Pairing(1, 1, 1, 2, "1/2-1/2", forfeit=True)])))
    with pytest.raises(TrfError, match="^player 1's rating 12345 does not fit"):
        write(Report(Rounds([Entrant(1, "Ana", 12345)])))
    with pytest.raises(TrfError, match="^round 1, board 1: player 3 is not entered"):
        write(Report(Rounds([Entrant(1, "Ana")], [Pairing(1, 1, 1, 3, "1-0")])))


# --- ludoscribe standings --trf (docs/cli.md#standings) -----------------------------------

def run(*args):
    from click.testing import CliRunner

    from ludoscribe.cli.main import cli
    return CliRunner().invoke(cli, list(args))


def test_standings_ranks_a_report_file_in_the_order_given(tmp_path):
    path = tmp_path / "open.trf"
    path.write_text(BY_HAND, encoding="utf-8")
    result = run("standings", "--trf", str(path), "--tie-breaks", "bh,sb", "--format", "csv")
    assert result.exit_code == 0, result.output
    # Adams 2½ (No 1), Costa 1½ (No 2), Berg 1 (No 3), Dias ½ (No 4).
    # BH  Adams: Costa 1½ + own 2½ (forfeit) + Berg 1 = 5;  Costa: Adams 2½ + Berg 1 + own 1½ (bye) = 5
    # SB  Adams: 1½ × 1 + 2½ × 1 + 1 × ½ = 4½;  Costa: 2½ × 0 + 1 × 1 + 1½ × ½ = 1¾
    assert result.stdout.splitlines()[:3] == [
        '"Event","No","Rank","Player","SNo","Rating","R1","R2","R3","Points","BH","SB"',
        '"Open de Gent","1","1","Adams, Michael","1","2700","2w1","4b+","3w½","2.5","5","4.5"',
        '"Open de Gent","2","2","Costa, Rui","3","2100","1b0","3w1","H","1.5","5","1.75"']
    assert run("standings", "--trf", str(path), "--format", "json").exit_code == 0
    # A round robin (092) counts Adams's forfeit as a game against Dias (½), and Costa's
    # half-point bye, after his last game, as nothing for his opponents (Costa counts 1):
    # SB 1 × 1 + ½ × 1 + 1 × ½ = 2
    path.write_text(BY_HAND.replace("092 Individual: Swiss-System", "092 Round robin"), encoding="utf-8")
    result = run("standings", "--trf", str(path), "--tie-breaks", "SB", "--format", "csv")
    assert result.stdout.splitlines()[1].endswith('"2.5","2"')


@pytest.mark.parametrize("kind, round_robin", [
    ("Individual: Swiss-System", False), ("Round robin", True), ("Individual: Round-Robin", True),
    ("Berger", True), ("RR double", True), ("Swiss Dutch (Barry)", False)])
def test_the_type_line_says_a_round_robin(kind, round_robin):
    assert read(BY_HAND.replace("Individual: Swiss-System", kind)).round_robin is round_robin


@pytest.mark.parametrize("args, message", [
    (["--tie-breaks", "BH,Koya"], "Invalid value for --tie-breaks: unknown tie-break 'Koya': the tie-breaks are BH"),
    (["--tie-breaks", "SB,SB"], "Invalid value for --tie-breaks: tie-break SB is named twice"),
    (["club.tgn"], "--trf ranks the report file alone: records cannot be given with it"),
    (["--points", "2,1,0"], "--trf ranks the report file alone: --points cannot be given with it"),
])
def test_standings_refuses_a_bad_order_or_a_mix_in_one_line(tmp_path, args, message):
    path = tmp_path / "open.trf"
    path.write_text(BY_HAND, encoding="utf-8")
    result = run("standings", "--trf", str(path), *args)
    assert result.exit_code == 2 and message in result.stderr and result.stdout == ""


def test_standings_of_records_keep_their_ranking_and_refuse_an_order(tmp_path):
    event = tmp_path / "club.tgn"
    event.write_text('[Game "Staku"]\n[Event "Cup"]\n[First "Ana"]\n[Second "Bo"]\n[Result "1-0"]\n\n1-0\n', encoding="utf-8")
    result = run("standings", str(event), "--tie-breaks", "BH")
    assert result.exit_code == 2
    assert "Error: --tie-breaks needs the rounds of a tournament (--trf FILE, or an event folder" in result.stderr
    assert run("standings", str(event), "--format", "json").exit_code == 2
    assert "Missing argument 'FILE_OR_DIR...' (or --trf FILE)." in run("standings").stderr


def test_standings_reports_a_bad_or_missing_report_file_in_one_line(tmp_path):
    path = tmp_path / "open.trf"
    path.write_text(BY_HAND.replace("  2.5    1", "  3.5    1"), encoding="utf-8")
    result = run("standings", "--trf", str(path))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"Error: {path}: line 14: player 1's points 3.5 are not the 2.5 their rounds give " \
                            "with 1 / 0.5 / 0 points and a pairing bye of 1 (an XXS line gives other points)\n"
    path.write_bytes(BY_HAND.replace("Costa", "Cost\xe9").encode("latin-1"))
    assert run("standings", "--trf", str(path)).stderr.startswith(f"Error: {path}: byte ")
    missing = run("standings", "--trf", str(tmp_path / "nope.trf"))
    assert missing.exit_code == 2 and missing.stderr == f"Error: cannot read {tmp_path / 'nope.trf'}: No such file or directory\n"


def test_the_docs_examples_read_this_file():
    # tests/test_doc_examples.py gives the docs' `open.trf` from tests/records/open.trf
    assert (Path(__file__).parent / "records" / "open.trf").read_text(encoding="utf-8") == BY_HAND
