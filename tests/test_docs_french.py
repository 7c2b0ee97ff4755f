"""The pages in French (docs/fr/). The games' pages: one for every English game page, in the nav;
the same refusal and set-up codes as the English page, each with the sentence the rules
catalogue says in French; the records, turns and position codes of the examples exactly as in
the English page (never translated); and the game's words in French, not in English. The
guides (club night, publishing): the English page's code blocks, commands and images, the live
pages' labels and sentences as the French pages show them, and none of their English labels."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_refusal_codes import REFUSALS
from test_set_up_codes import EDITED, READ
from test_tchako_docs import ROWS

from ludoscribe.notation.games import Refusal, Said
from ludoscribe.notation.games.tchako import TChako
from ludoscribe.notation.games.teblo import TebloRefusal
from ludoscribe.notation.languages import GAME_WORD, words

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GAMES = sorted(path.stem for path in (DOCS / "games").glob("*.md"))
FRENCH = words("fr")
GUIDES = ["publishing", "live"]  # the English guides translated in docs/fr/ sentence for sentence, in the nav's order
# Every French guide, in the nav's order: those above, and those written for a club's members from
# the English page (their commands with --lang fr, their outputs the French ones)
FRENCH_GUIDES = ["annotating", "publishing", "tournaments", "live"]
# (English heading, French heading) of the code tables
FRENCH_PAGES = sorted(path.relative_to(DOCS).as_posix() for path in (DOCS / "fr").rglob("*.md"))
CODE_SECTIONS = [("## Refusal codes", "## Codes de refus"), ("## Set-up codes", "## Codes de position de départ")]
CODE_ROW = re.compile(r"^\| `([a-z0-9-]+)` \| ([^|]*) \| (.*) \|$", re.M)
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)
TGN_TOKEN = re.compile(r"[\d>@+~#*/^]")  # in every turn, turn number and result of the examples
PLACEHOLDERS = re.compile(r"[A-ZÉ][A-ZÉ-]*(?: [A-ZÉ][A-ZÉ-]*)+\n")  # a layout line: ROWS SIDE NUMBER
# English words of the games that a French page says in French (docs/languages.md#the-games-words-in-french)
ENGLISH_GAME_WORDS = re.compile(r"\b(?:White|Black|Yellow|Red|Blue|pawns?|pucks?|queens?|tokens?|stacks?|"
                                r"turns?|board|squares?|pieces?|flag|elastics?|summit|palace)\b")


def page(*parts: str) -> str:
    return DOCS.joinpath(*parts).read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    """The text under a level-2 heading, up to the next one."""
    found = text[text.index(heading + "\n"):]
    end = found.find("\n## ", 3)
    return found if end < 0 else found[:end]


def said_in_english() -> dict[tuple[str, str], Said]:
    """Every refusal and set-up refusal the tests say, by (code, English sentence)."""
    said: dict[tuple[str, str], Said] = {}
    for refusal, sentence in REFUSALS:
        said.setdefault((refusal.code.value, sentence), refusal)
    for case in READ:
        said.setdefault((case[3].code.value, case[4]), case[3])
    for case in EDITED:
        said.setdefault((case[1].code.value, case[1].sentence), case[1])
    return said


def prose(text: str) -> str:
    """A page's text outside code blocks, code spans and link targets, and before its English
    examples of `check`'s output (the section "Messages d'erreur")."""
    text = text.split("## Messages d'erreur")[0]
    text = BLOCK.sub("", text)
    text = re.sub(r"`[^`]*`", "", text)
    return re.sub(r"\]\([^)]*\)", "]", text)


def tgn_lines(block: str) -> list[str]:
    """What a block says in TGN: the leading turns of each line that does not start with a
    space (a token with a digit or a sign of the notation), up to the first word of a comment
    after them (drawings and comments dropped)."""
    found = []
    for line in block.splitlines():
        if line and not line[0].isspace():
            turns = []
            for token in line.split():
                if not TGN_TOKEN.search(token):
                    break
                turns.append(token)
            found.append(" ".join(turns))
    return found


def test_every_english_game_page_has_its_french_page_in_the_nav():
    assert GAMES == ["staku", "tchako", "teblo", "tekao", "tektop"]
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:\n", 1)[1].split("\n\n", 1)[0]
    french = nav[nav.index("  - Français:\n"):]
    assert re.findall(r":\s*(\S+\.md)\s*$", french, re.M) == ["fr/index.md", *(f"fr/games/{game}.md" for game in
                                                                                ("teblo", "staku", "tektop", "tekao",
                                                                                 "tchako")),
                                                                     *(f"fr/{guide}.md" for guide in FRENCH_GUIDES)]
    for game in GAMES:
        assert (DOCS / "fr" / "games" / f"{game}.md").is_file()
    for guide in FRENCH_GUIDES:
        assert (DOCS / "fr" / f"{guide}.md").is_file() and (DOCS / f"{guide}.md").is_file()


def test_the_french_home_leads_to_every_game_and_back_to_english():
    home = page("fr", "index.md")
    for name in [*(f"games/{game}" for game in GAMES), *FRENCH_GUIDES]:
        assert f"]({name}.md)" in home
    assert "](../index.md)" in home
    assert "](fr/index.md)" in page("languages.md") and "](fr/index.md)" in page("index.md")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("english, french", CODE_SECTIONS)
def test_a_french_page_lists_the_english_codes_each_said_in_french(game, english, french):
    said = said_in_english()
    english_rows = CODE_ROW.findall(section(page("games", f"{game}.md"), english))
    french_rows = CODE_ROW.findall(section(page("fr", "games", f"{game}.md"), french))
    assert english_rows and [row[:2] for row in french_rows] == [row[:2] for row in english_rows]
    for (code, _, english_sentence), (_, _, french_sentence) in zip(english_rows, french_rows):
        assert french_sentence == said[code, english_sentence].sentence_in(FRENCH), code


@pytest.mark.parametrize("game", GAMES)
def test_the_examples_of_a_french_page_are_those_of_the_english_page(game):
    english = BLOCK.findall(page("games", f"{game}.md"))
    french = BLOCK.findall(page("fr", "games", f"{game}.md"))
    assert len(french) == len(english)
    for (english_language, english_block), (french_language, french_block) in zip(english, french):
        assert french_language == english_language
        if french_block == english_block:
            continue
        if PLACEHOLDERS.fullmatch(english_block):  # a layout: its fields' names in French, as many
            assert PLACEHOLDERS.fullmatch(french_block) and len(french_block.split()) == len(english_block.split())
            continue
        assert french_language != "python" and tgn_lines(french_block) == tgn_lines(english_block)


@pytest.mark.parametrize("game", GAMES)
def test_a_french_page_names_the_games_things_in_french(game):
    found = ENGLISH_GAME_WORDS.findall(prose(page("fr", "games", f"{game}.md")))
    assert found == []


def test_the_tchako_readings_in_french_are_what_the_engine_says():
    text = page("fr", "games", "tchako.md")
    readings = text.split("### Lectures avec exemples vérifiés")[1].split("\n### ")[0]
    rows = [[cell.strip().strip("`") for cell in line.strip("|").split("|")]
            for line in readings.splitlines() if line.startswith("| ") and not line.startswith("| lecture")]
    assert [row[1:4] for row in rows] == [row[1:4] for row in ROWS]
    for _, mode, code, text_of_turn, says in rows:
        game = TChako("" if mode == "–" else mode)
        position = game.read_position(code)
        turn = game.read_turn(text_of_turn)
        refusal = game.refusal(position, turn)
        expected = game.position_code(game.apply(position, turn)) if refusal is None else refusal.sentence_in(FRENCH)
        assert says == expected, text_of_turn


@pytest.mark.parametrize("name", sorted(path.relative_to(DOCS / "fr").as_posix() for path in (DOCS / "fr").rglob("*.md")))
def test_french_pages_put_a_no_break_space_before_high_punctuation(name):
    """As every French text of Ludoscribe does (docs/languages.md#the-games-words-in-french):
    U+00A0 before : ; ? ! and », after «, outside code."""
    text = re.sub(r"`[^`]*`", "", BLOCK.sub("", page("fr", name)))
    assert re.findall(r"\S+ [:;?!»]|« \S+", text) == []


# The live pages' English labels (buttons, fields, headings, states: render/live/), each named in
# bold by the club night guide; its French page names each by its French label instead.
LIVE_LABELS = ["Record turn", "Clear", "Comment, NAG, clock, undo, result", "Undo the last turn", "Save the result",
               "Not yet", "Reopen to correct it", "Reopen it", "Take over recording here", "Use these dice",
               "Pair the next round", "Live", "Finished", "Ranking"]
# Other English words of the live pages a French reader never sees on them
LIVE_WORDS = [*LIVE_LABELS, "Turn", "Waiting to be sent", "Record a game", "Start recording", "Event code",
              "New game", "Standings", "Boards", "Pairings", "Offline", "Online", "Scoresheet", "Organiser's code",
              "scorer", "spectator", "round", "board", "forfeit", "bye", "waiting", "started", "finished"]
LIVE_CATALOGUE = ROOT / "notation" / "languages" / "locale" / "fr" / "LC_MESSAGES" / "live.po"
COMMAND = re.compile(r"^(?:ludoscribe|pip|python|mkdir|mkdocs|zensical) .*$", re.M)
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")


FENCED = re.compile(r"^(`{3,})([\w-]*)\n(.*?)^\1$", re.M | re.S)  # a fenced block, one inside another too
SPAN = re.compile(r"(`+).+?(?<!`)\1(?!`)", re.S)  # a code span, ` ```tgn ` too


def fenced(text: str) -> list[tuple[str, str]]:
    """A page's fenced blocks, each as (language, text), in order."""
    return [(language, block) for _, language, block in FENCED.findall(text)]


def code_lines(text: str) -> list[str]:
    """The command lines of a page's code blocks, in order."""
    return [line for _, block in fenced(text) for line in COMMAND.findall(block)]


def outside_code(text: str) -> str:
    """A page's text outside code blocks, code spans and link targets."""
    return re.sub(r"\]\([^)]*\)", "]", SPAN.sub("", FENCED.sub("", text)))


@pytest.mark.parametrize("guide", GUIDES)
def test_a_french_guide_keeps_the_code_blocks_and_commands_of_the_english_page(guide):
    english, french = page(f"{guide}.md"), page("fr", f"{guide}.md")
    assert code_lines(english) and code_lines(french) == code_lines(english)
    assert fenced(french) == fenced(english)
    english_inline = re.findall(r"`(ludoscribe [^`]*)`", english)
    assert [command for command in english_inline if command not in french] == []


FRENCH_PICTURES = DOCS / "img" / "fr"  # the French screenshots, taken by tests/docs_pictures_fr.py


def in_french(image: str) -> str:
    """Where a French page finds an English page's image: its French screenshot when there is one."""
    name = image.removeprefix("img/")
    return f"../img/fr/{name}" if (FRENCH_PICTURES / name).is_file() else f"../{image}"


@pytest.mark.parametrize("guide", GUIDES)
def test_a_french_guide_shows_every_image_of_the_english_page(guide):
    english = IMAGE.findall(page(f"{guide}.md"))
    assert english and IMAGE.findall(page("fr", f"{guide}.md")) == [in_french(image) for image in english]


def test_every_french_screenshot_is_shown_by_a_french_page():
    shown = {image for name in FRENCH_PAGES for image in IMAGE.findall(page(name))}
    pictures = sorted(FRENCH_PICTURES.glob("*.png"))
    assert len(pictures) >= 4 and [path.name for path in pictures if f"../img/fr/{path.name}" not in shown] == []
    assert all(path.stat().st_size < 60_000 for path in pictures)  # a palette's PNG, not the screenshot's raw one


@pytest.mark.parametrize("guide", GUIDES)
def test_a_french_guide_says_no_english_interface_word(guide):
    text = outside_code(page("fr", f"{guide}.md"))
    found = [word for word in LIVE_WORDS if re.search(rf"(?<![\w-]){re.escape(word)}s?(?![\w-])", text)]
    assert found == []
    assert ENGLISH_GAME_WORDS.findall(text) == []


def test_the_club_night_guide_names_each_label_as_the_french_live_pages_show_it():
    catalogue = LIVE_CATALOGUE.read_text(encoding="utf-8")
    english, french = page("live.md"), page("fr", "live.md")
    for label in LIVE_LABELS:
        assert f'msgid "{label}"' in catalogue and f"**{label}" in english, label
        said = FRENCH.gettext(label)
        assert said != label and f"**{said}" in french.replace("**\n", "**").replace("\n", " "), label


def test_the_club_night_guide_quotes_the_french_live_pages_word_for_word():
    french = page("fr", "live.md").replace("\n", " ")
    red, white, black = (FRENCH.pgettext(GAME_WORD, side) for side in ("Red", "White", "Black"))
    turn = FRENCH.gettext("turn {number} {side}").format(number=1, side=red)
    refusal = Refusal(TebloRefusal.NOT_ADJACENT, to="D5", side="Red", pawn="I10").sentence_in(FRENCH)
    assert f"`{turn}{FRENCH.gettext(': ')}{refusal}`" in french
    won = FRENCH.gettext("{result}: {side} ({player}) wins")
    palace = FRENCH.pgettext("Ending:palace-taken", "{side} took {opponent}'s palace {palace}")
    proposed = FRENCH.gettext("The game is over: {reason}. Result {result}?").format(
        reason=palace.format(side=white, opponent=black, palace="g6"), result=won.format(result="1-0", side=white,
                                                                                         player="Ann"))
    resigned = won.format(result="0-1", side=red, player="Bob")
    asked = FRENCH.gettext("End the game with {result} ({reason})?").format(result=resigned,
                                                                           reason=FRENCH.gettext("resignation"))
    reopen = FRENCH.gettext("This game is finished: {result}. Reopen it to correct it? The result is taken back, "
                            "and kept in the record as a correction.").format(result=resigned)
    seats = [FRENCH.gettext("{name}: board {number}, {side}").format(name="Bo Lind", number=2, side=red),
             FRENCH.gettext("{name}: bye").format(name="Ed Vos")]
    for sentence in [proposed, asked, reopen.split("?")[0] + "?", *seats]:
        assert sentence != "" and f"«\u00a0{sentence}" in french, sentence


HTML_LANG = re.compile(r'<html\b[^>]*\blang="([^"]*)"')


@pytest.mark.parametrize("engine", ["mkdocs", "properdocs"])
def test_every_page_says_its_language_in_its_html_tag(documentation, engine):
    """docs/contributing.md#the-documentations-languages: a page of docs/fr/ is `<html lang="fr">`,
    every other page (404.html too) `<html lang="en">`."""
    site = documentation[engine]
    languages = {page.relative_to(site).as_posix(): HTML_LANG.findall(page.read_text(encoding="utf-8"))
                 for page in site.rglob("*.html")}
    french = {name for name in languages if name.startswith("fr/")}
    assert len(french) == len(list((DOCS / "fr").rglob("*.md")))
    assert {name: found for name, found in languages.items() if found != (["fr"] if name in french else ["en"])} == {}


@pytest.mark.parametrize("engine", ["mkdocs", "properdocs"])
def test_the_viewers_and_diagrams_of_a_french_page_speak_french(documentation, engine):
    """The plugin's `languages: {fr/: fr}` (mkdocs.yml): the blocks of docs/fr/publishing.md are drawn
    in French, those of the English page in English."""
    french = (documentation[engine] / "fr" / "publishing.html").read_text(encoding="utf-8")
    english = (documentation[engine] / "publishing.html").read_text(encoding="utf-8")
    for page, said, unsaid in [(french, FRENCH.gettext, lambda text: text), (english, lambda text: text, FRENCH.gettext)]:
        assert page.count('<div class="ls-record"') == 2
        for text in ("Start (Home)", "Flip the board (F)", "Result"):
            assert f'="{said(text)}"' in page and f'="{unsaid(text)}"' not in page, text  # a label or a title
        assert f"{said('Moves in two columns')}</button>" in page  # the viewer's menu
    assert 'id="ludoscribe-words-pages"' in french and 'id="ludoscribe-words-pages"' not in english
    assert "Blanc gagne</text>" in french and "White wins</text>" not in french and "White wins</text>" in english


LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")


def anchors(text: str) -> set[str]:
    """The anchors of a page's headings, as the toc extension of mkdocs.yml makes them."""
    from markdown.extensions.toc import slugify

    return {slugify(heading, "-") for heading in re.findall(r"^#+ (.+)$", FENCED.sub("", text), re.M)}


@pytest.mark.parametrize("name", FRENCH_PAGES)
def test_every_link_of_a_french_page_leads_to_a_page_and_its_heading(name):
    text = page(name)
    wrong = []
    for target in LINK.findall(SPAN.sub("", FENCED.sub("", text))):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        linked = (DOCS / name).parent / path if path else DOCS / name
        if not linked.resolve().is_file() or anchor and anchor not in anchors(linked.read_text(encoding="utf-8")):
            wrong.append(target)
    assert wrong == []


@pytest.mark.parametrize("name", FRENCH_PAGES)
def test_every_image_of_a_french_page_exists_with_a_french_text(name):
    for alt, target in re.findall(r"!\[([^\]]*)\]\(([^)\s]+)\)", page(name)):
        assert ((DOCS / name).parent / target).resolve().is_file(), target
        assert alt and not re.search(r"\b(?:the|of|and|with)\b", alt), alt


# The studio's English labels (render/studio/languages.py), each named in bold by docs/annotating.md;
# its French page names each by the label the French studio shows instead
STUDIO_LABELS = ["Play turns", "Play this turn", "Promote variation", "Promote to main line", "Delete from here",
                 "Delete variation", "Copy line as TGN", "Line as TGN", "Paste TGN turns", "Comment after the turn",
                 "Comment before the turn", "NAG palette", "Clock", "Arrow", "Mark", "Label", "Dim", "Colour", "Shape",
                 "Label text", "Cells", "Apply tool", "Header (tags)", "New record", "Start position code",
                 "Show the position", "Side to move", "Besides the board", "Reload the file", "Preview as published",
                 "Open the preview", "Publish the site"]
STUDIO_WORDS = [*STUDIO_LABELS, "Start", "Save", "Undo", "Redo", "Remove", "Empty", "record", "variation"]
# The command line's English words a French club's guide says in French
COMMAND_WORDS = ["Standings", "Round", "Player", "Points", "tie-breaks?", "pairing", "event", "forfeit", "bye", "Swiss",
                 "scoresheet", "scorer", "refused", "Result"]


def test_the_studio_guide_names_each_label_as_the_french_studio_shows_it():
    english, french = (text.replace("\n", " ") for text in (page("annotating.md"), page("fr", "annotating.md")))
    for label in STUDIO_LABELS:
        said = FRENCH.gettext(label)
        assert f"**{label}" in english and said != label and f"**{said}**" in french, label


@pytest.mark.parametrize("guide", ["annotating", "tournaments"])
def test_a_french_club_guide_says_no_english_interface_word(guide):
    text = outside_code(page("fr", f"{guide}.md"))
    found = [word for word in [*map(re.escape, LIVE_WORDS + STUDIO_WORDS), *COMMAND_WORDS]
             if re.search(rf"(?<![\w-]){word}s?(?![\w-])", text)]
    assert found == []
    assert ENGLISH_GAME_WORDS.findall(text) == []


@pytest.mark.parametrize("guide", ["tournaments"])  # the studio's guide runs only the studio, which needs no --lang
def test_a_french_club_guide_makes_its_output_in_french(guide):
    """Every command line of the guide that writes for people says `--lang fr` (docs/languages.md):
    all but the servers, whose pages follow the reader's language, and a command's bare name or form."""
    text = page("fr", f"{guide}.md")
    made = [" ".join(line.split()) for line in code_lines(text) + re.findall(r"`(ludoscribe [^`]*)`", text)]
    made = [line for line in made if line.startswith("ludoscribe ") and len(line.split()) > 2
            and not re.match(r"ludoscribe (studio|serve) ", line) and not re.search(r"\b[A-Z]{3,}\b", line)]
    assert made and [line for line in made if "--lang fr" not in line] == []


def sessions(text: str) -> list[tuple[str, str]]:
    """The `$ ludoscribe ...` commands of a page's text blocks, each with the output shown under it."""
    found = []
    for language, block in fenced(text):
        first, _, shown = block.partition("\n")
        if language == "text" and first.startswith("$ ludoscribe "):
            found.append((first[2:], shown))
    return found


def test_the_tournaments_guide_shows_what_the_commands_print_in_french(tmp_path):
    """Its sessions run as shown, in a folder holding event.tgn (a record of three games of the
    corpus) and the event that the guide's `event new` and `event player add` lines make."""
    import shlex
    import shutil

    from click.testing import CliRunner

    from ludoscribe.cli.main import cli

    text = page("fr", "tournaments.md")
    shutil.copy(ROOT / "corpus" / "teblo" / "spring-quadrangular-2024.tgn", tmp_path / "event.tgn")
    runner = CliRunner()
    setup = [line for line in code_lines(text) if re.match(r"ludoscribe event (new|player add) ", line)]
    assert setup
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        for line in setup:
            assert runner.invoke(cli, shlex.split(line)[1:]).exit_code == 0, line
        shown = sessions(text)
        assert len(shown) >= 2
        for command, output in shown:
            result = runner.invoke(cli, shlex.split(command)[1:])
            assert (result.exit_code, result.stdout) == (0, output), command
