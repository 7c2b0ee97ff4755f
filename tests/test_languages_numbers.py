"""Numbers in the text of pages and tables as their language writes them (docs/languages.md#numbers):
a decimal comma and a no-break space before % in French, English as it always was; CSV and JSON
are data, the same bytes in every language."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from browsers import CORPUS
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.archive.balance import Difference
from ludoscribe.notation.languages import script_words, words
from ludoscribe.notation.languages.numbers import NO_BREAK_SPACE, decimal, numeral, percent
from ludoscribe.render.standings import points_text
from ludoscribe.render.stats import _difference_cells

FRENCH, ENGLISH = words("fr"), words("en")
# a number written the English way, or a percent sign glued to its number: never in French text
ENGLISH_NUMBER = re.compile(r"\d\.\d|\d%")


def test_the_helper_writes_each_language_its_way():
    assert percent(50, 1) == percent(50, 1, "en") == "50.0%"
    assert percent(50, 1, "fr") == f"50,0{NO_BREAK_SPACE}%" == "50,0\u00a0%"
    assert percent(7.25, 0, "fr") == "7\u00a0%" and percent(100, 0) == "100%"
    assert decimal(2.5, 1, "fr", signed=True) == "+2,5" and decimal(-0.44, 1, signed=True) == "-0.4"
    assert decimal(-0.44, 1, "fr", signed=True) == "-0,4" and decimal(1512.4, 0, "fr") == "1512"
    assert numeral("22.5", "fr") == "22,5" and numeral("22.5") == "22.5" and numeral("23", "fr") == "23"


def test_points_are_written_in_the_page_language_and_plain_ones_stay_data():
    assert points_text(Fraction(19, 4), language="fr") == "4,75" and points_text(Fraction(19, 4)) == "4.75"
    assert points_text(Fraction(19, 4), plain=True, language="fr") == "4.75"  # CSV
    assert points_text(Fraction(5, 2), language="fr") == "2½" and points_text(Fraction(5, 2), True, "fr") == "2.5"


def test_a_comparison_of_variants_says_its_differences_in_french():
    change = Difference(0.025, -0.004, 0.054)
    assert _difference_cells(change, ENGLISH)[:2] == ["+2.5", "-0.4 to +5.4"]
    assert _difference_cells(change, FRENCH)[:2] == ["+2,5", "-0,4 à +5,4"]


def _stats(language: str, *options: str) -> str:
    result = CliRunner().invoke(cli, ["stats", str(CORPUS), "--lang", language, *options])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("form", ["text", "markdown"])
def test_stats_tables_in_french_write_french_numbers(form):
    french, english = _stats("fr", "--format", form), _stats("en", "--format", form)
    assert ENGLISH_NUMBER.findall(french) == []
    assert "75,0\u00a0% (IC à 95\u00a0% 30,1–95,4\u00a0%)" in french and " 100\u00a0%" in french
    assert "75.0% (95% CI 30.1–95.4%)" in english and " 100%" in english and "\u00a0" not in english


@pytest.mark.parametrize("form", ["csv", "json"])
def test_stats_and_standings_data_are_the_same_in_every_language(form):
    data = _stats("fr", "--format", form)
    assert data == _stats("en", "--format", form)
    assert "\u00a0" not in data and re.search(r"\d\.\d", data)  # numbers as programs read them
    if form == "json":
        json.loads(data)
    standings = [CliRunner().invoke(cli, ["standings", str(CORPUS / "teblo"), "--lang", language, "--format", "csv"])
                 for language in ("en", "fr")]
    assert standings[0].exit_code == 0 and standings[0].output == standings[1].output


def test_the_opening_explorer_bar_says_its_shares_in_the_page_language():
    from ludoscribe.notation import check
    from ludoscribe.notation.files import load
    from ludoscribe.render.explorer import OpeningTree
    from ludoscribe.render.turn_tree import TreeBuilder

    records = [record for path in sorted((CORPUS / "teblo").glob("*.tgn")) for record in load(str(path))]
    tree = OpeningTree(records[0].rules)
    for number, record in enumerate(records):
        builder = TreeBuilder(record)
        check(record, then=builder)
        tree.add(record, f"r{number}.html", str(number), builder.tree.main_line())
    french, english = tree.html(words=FRENCH), tree.html(words=ENGLISH)
    shares = re.findall(r'<span class="ls-[a-z0-9]+" style="width:[0-9.]+%">([^<]*)</span>', french)
    assert shares and all(re.fullmatch(r"\d+\u00a0%", share) for share in shares if share), shares
    assert re.findall(r'style="width:[0-9.]+%">(\d+%)</span>', english)  # the style stays CSS, English stays
    # viewer.js redraws the bar with its own words: the same sign as the page's
    said = json.loads(script_words("fr", "pages"))
    assert said["{share}%"].format(share=45) == percent(45, 0, "fr")


def test_the_site_ratings_history_in_french():
    import datetime

    from ludoscribe.notation.archive.ratings import RatedGame
    from ludoscribe.render.site.ratings import player_ratings

    games = [RatedGame("Teblo", "Teblo", "Ann", "Bob", 1.0, datetime.date(2024, 3, 2), "Club")]
    french, english = player_ratings(games, FRENCH)["Ann"], player_ratings(games, ENGLISH)["Ann"]
    assert re.search(r"<td>2024-03\u00a0: \d+</td>", french), french
    assert re.search(r"<td>2024-03: \d+</td>", english), english


def test_event_show_writes_half_points_in_the_language_of_its_output(tmp_path):
    """`ludoscribe event show`: a player's points in French with a decimal comma (2,5), English
    as it always was (2.5), whole points alike (docs/languages.md#numbers)."""
    pytest.importorskip("tomlkit")
    pytest.importorskip("caissify_pairings")
    folder = tmp_path / "night"

    def run(*args: str) -> str:
        result = CliRunner().invoke(cli, [*args], env={"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""})
        assert result.exit_code == 0, result.output
        return result.stdout

    run("event", "new", str(folder), "--name", "Spring", "--game", "staku", "--rounds", "3")  # 1, ½, 0
    for name in ("Ana", "Bo", "Cy", "Di"):
        run("event", "player", "add", str(folder), name)
    run("pair", str(folder))
    for board, result in (("round1-board1.tgn", "1/2-1/2"), ("round1-board2.tgn", "1-0")):
        text = (folder / board).read_text(encoding="utf-8")
        (folder / board).write_text(text.replace('[Result "*"]', f'[Result "{result}"]').replace("\n*\n", f"\n{result}\n"),
                                    encoding="utf-8")
    english, french = run("event", "show", str(folder)), run("event", "show", str(folder), "--lang", "fr")
    assert english == run("event", "show", str(folder), "--lang", "en")
    rows = [(re.findall(r"(?m)^ +\d  \S+ +(\S+)  ", shown)) for shown in (english, french)]
    assert sorted(rows[0]) == ["0", "0.5", "0.5", "1"] and sorted(rows[1]) == ["0", "0,5", "0,5", "1"]
    assert ENGLISH_NUMBER.findall(french) == []
