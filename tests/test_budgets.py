"""Budgets of a published record (docs/publishing.md#budgets): no record can blow up a page."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation import check, read_string
from ludoscribe.notation.languages import words
from ludoscribe.render.budgets import DEFAULT, Budgets, BudgetError, BudgetProblem, over_budget
from ludoscribe.render.document import render_html
from ludoscribe.render.markdown_document import render_markdown
from ludoscribe.render.site.mkdocs_plugin import replace_blocks

HEAD = '[Game "Teblo"]\n[Event "E"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[Yellow "A"]\n[Red "B"]\n[Result "*"]\n\n'


def variations(count: int) -> str:
    """The first turn with [%diagram], and `count` one-turn variations each with [%diagram]."""
    return HEAD + "1. D4 {[%diagram]} " + " ".join("(1. E3 {[%diagram]})" for _ in range(count)) + " *\n"


def checked(text: str):
    record = read_string(text)[0]
    replayed = check(record)
    assert record.problems == []
    return record, replayed


def test_defaults():
    assert (DEFAULT.diagrams, DEFAULT.positions, DEFAULT.page_bytes) == (200, 5000, 10_000_000)


def test_twenty_thousand_diagrams_are_refused_before_anything_is_drawn():
    record, replayed = checked(variations(20_000))
    with pytest.raises(BudgetError) as error:
        render_html(record, replayed)
    assert str(error.value) == ("10:4203: turn 1 Yellow: not published: more than 200 [%diagram] diagrams, "
                                "the most one record's page shows (see Budgets in the publishing guide)")
    with pytest.raises(BudgetError):
        render_markdown(record, replayed, lambda number: f"d-{number}.svg")


def test_as_many_diagrams_as_the_budget_allows_are_published():
    record, replayed = checked(variations(199))  # 200 with the main line's
    assert over_budget(record) is None
    assert render_html(record, replayed).count('<figure class="ls-diagram">') == 201  # and the final position
    assert over_budget(checked(variations(200))[0]) is not None


def test_positions_budget_counts_every_line_and_the_start():
    record, _ = checked(HEAD + "1. D4 H10 (1... I9) 2. D5 *\n")  # start + 4 turns
    assert over_budget(record, Budgets(positions=5)) is None
    problem = over_budget(record, Budgets(positions=4))
    assert str(problem) == ("10:24: turn 2 Yellow: not published: more than 4 positions (turns of every line and "
                            "the start), the most one record's viewer shows (see Budgets in the publishing guide)")


def test_page_budget():
    record, replayed = checked(HEAD + "1. D4 {" + "a" * 5000 + "} *\n")
    assert render_html(record, replayed, budgets=Budgets(page_bytes=1_000_000))
    with pytest.raises(BudgetError, match=r"^1:1: not published: its page would take 0\.\d MB, more than the 0\.01 MB"):
        render_html(record, replayed, budgets=Budgets(page_bytes=10_000))


def test_a_page_too_large_is_a_code_with_its_sizes_said_in_the_readers_language():
    """docs/publishing.md#budgets: the code and the sizes in bytes; English as it always was, French
    with its decimal comma (docs/languages.md#numbers)."""
    record, replayed = checked(HEAD + "1. D4 {" + "a" * 5000 + "} *\n")
    with pytest.raises(BudgetError) as error:
        render_html(record, replayed, budgets=Budgets(page_bytes=10_000))
    problem = error.value.problem
    assert problem.said is not None and problem.said.code is BudgetProblem.PAGE_TOO_LARGE
    size = problem.said.params["size"]
    assert isinstance(size, int) and size > 10_000 and problem.said.as_json() == {
        "code": "page-too-large", "size": size, "limit": 10_000}
    assert problem.message == (f"not published: its page would take {size / 1e6:.1f} MB, more than the 0.01 MB one "
                               "record's page may take (see Budgets in the publishing guide)")
    tenths = f"{size / 1e6:.1f}".replace(".", ",")
    assert problem.message_in(words("fr")) == (f"non publiée\u00a0: sa page prendrait {tenths}\u00a0Mo, plus que les "
                                               "0,01\u00a0Mo que peut prendre la page d'une partie (voir Budgets dans "
                                               "le guide de publication)")


@pytest.mark.parametrize("code", list(BudgetProblem))
def test_every_budget_problem_is_said_in_french(code):
    said = code.say({"limit": 10_000, "size": 12_345_678}, words("fr"))
    assert said.startswith("non publiée\u00a0: ") and "publish" not in said and said != code.say({"limit": 1, "size": 1})


def test_a_french_site_says_in_french_why_a_page_is_not_shown(tmp_path: Path):
    from ludoscribe.render.site.pages import write_page

    record, replayed = checked(HEAD + "1. D4 {" + "a" * 5000 + "} *\n")
    for language, said in (("fr", "non publiée\u00a0: sa page prendrait"), ("en", "not published: its page would take")):
        page = tmp_path / language / "e-a-b.md"
        page.parent.mkdir()
        note = write_page(record, replayed, str(page), {}, Budgets(page_bytes=10_000), language=language)
        assert note is not None and note.startswith("not published: its page")  # the terminal's line, in English
        shown = page.read_text(encoding="utf-8")
        assert f'<p class="ls-note">{said}' in shown and ("not published" in shown) == (language == "en")


def test_convert_in_french_says_why_a_record_is_not_published(tmp_path: Path):
    source = tmp_path / "many.tgn"
    source.write_text(variations(300), encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(source), "--to", "html", "--lang", "fr", "-o", str(tmp_path / "a.html")])
    assert result.exit_code == 1
    assert result.output.strip().endswith(": non publiée\u00a0: plus de 200 diagrammes [%diagram], le maximum que montre "
                                          "la page d'une partie (voir Budgets dans le guide de publication)")
    assert "turn" not in result.output and list(tmp_path.iterdir()) == [source]


def test_markdown_draws_only_the_diagrams_it_shows():
    record, replayed = checked(HEAD + "1. D4 H10 2. D5 {[%diagram]} H9 *\n")
    _, files = render_markdown(record, replayed, lambda number: f"d-{number:03d}.svg")
    assert sorted(files) == ["d-003.svg", "d-004.svg"]


def test_convert_refuses_a_record_over_budget(tmp_path: Path):
    source = tmp_path / "many.tgn"
    source.write_text(variations(300), encoding="utf-8")
    for target, out in (("html", "many.html"), ("md", "many.md")):
        result = CliRunner().invoke(cli, ["convert", str(source), "--to", target, "-o", str(tmp_path / out)])
        assert result.exit_code == 1
        assert result.output.strip() == (f"{source}:10:4203: turn 1 Yellow: not published: more than 200 [%diagram] "
                                         "diagrams, the most one record's page shows (see Budgets in the publishing guide)")
        assert list(tmp_path.iterdir()) == [source]


def test_plugin_block_over_budget_shows_an_error_box():
    markdown = "```tgn\n" + variations(300) + "```\n"
    from ludoscribe.render.site.mkdocs_plugin import _render_block  # the block as the plugin renders it
    with pytest.raises(BudgetError, match="more than 200 \\[%diagram\\] diagrams"):
        replace_blocks(markdown, lambda kind, body: _render_block(kind, body, None, "ls1", 400))


def test_site_leaves_out_a_record_over_budget(tmp_path: Path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "many.tgn").write_text(variations(300), encoding="utf-8")
    (tmp_path / "in" / "fine.tgn").write_text(HEAD + "1. D4 {[%diagram]} *\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["site", str(tmp_path / "in"), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert (f"{tmp_path / 'in' / 'many.tgn'}:10:4203: turn 1 Yellow: not published: more than 200 [%diagram] "
            "diagrams, the most one record's page shows (see Budgets in the publishing guide)") in result.output
    pages = sorted(path.name for path in (tmp_path / "out" / "records").iterdir())
    assert pages == ["e-a-b.html", "e-a-b.tgn"]  # the fine record's page and its TGN to download; nothing of many.tgn


def test_marks_and_arrows_have_a_budget_per_diagram_and_per_record():
    """A record of marks and arrows is refused before anything is drawn, the turn named."""
    def marked(items: int, turns: int = 1) -> str:
        marks, arrows = ", ".join(["D4 red"] * (items // 2)), ", ".join(["D4-E5"] * (items - items // 2))
        comment = f"{{[%mark {marks}] [%arrow {arrows}]}}"
        moves = " ".join(f"{n}. D{n + 3} {comment} H{11 - n} {comment}" for n in range(1, turns + 1))
        return HEAD + moves + " *\n"

    assert (DEFAULT.annotations, DEFAULT.annotations_per_diagram) == (10_000, 1000)
    assert over_budget(checked(marked(1000))[0]) is None
    record, replayed = checked(marked(1001))
    with pytest.raises(BudgetError) as error:
        render_html(record, replayed)
    assert str(error.value) == ("10:4: turn 1 Yellow: not published: its diagram would draw more than 1000 marks, "
                                "arrows, labels and dimmed cells, the most one diagram draws (see Budgets in the "
                                "publishing guide)")
    record, replayed = checked(marked(900, turns=6))  # 12 turns of 900: the 12th goes over 10,000
    problem = over_budget(record)
    assert problem is not None and problem.turn == "turn 6 Red"
    assert str(problem).endswith("not published: more than 10000 marks, arrows, labels and dimmed cells, the most one "
                                 "record's page draws (see Budgets in the publishing guide)")
    assert over_budget(record, Budgets(annotations=11_000)) is None
