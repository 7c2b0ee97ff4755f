"""The opening explorer of a site (docs/archive.md#the-opening-explorer): work in proportion to
the records, the game's own start as its first position, one explorer per variant."""

from __future__ import annotations

import json
import re
from pathlib import Path

from publish_records import random_record

from ludoscribe.notation import check, read_string
from ludoscribe.notation.replay import positions
from ludoscribe.render.diagram import renderer_for
from ludoscribe.render.explorer import DEPTH, SIZE, OpeningTree
from ludoscribe.render.frames import FrameTable
from ludoscribe.render.site import build_site

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def teblo(moves: str, result: str = "*", **tags: str) -> str:
    extra = "".join(f'[{name} "{value}"]\n' for name, value in tags.items())
    return f'[Game "Teblo"]\n[Yellow "A"]\n[Red "B"]\n[Result "{result}"]\n{extra}\n{moves} {result}\n'


def explorer_data(page: Path) -> dict:
    return json.loads(re.search(r'class="ls-explorer-data">(.*?)</script>', page.read_text(encoding="utf-8")).group(1))


def checked(text: str):
    record = read_string(text)[0]
    replayed = check(record)
    assert not record.problems, record.problems
    return record, replayed


class Scanned(list):
    """A list that counts the elements its searches look at (`in`, index, count, remove)."""

    looked_at = 0

    def __contains__(self, item) -> bool:
        Scanned.looked_at += len(self)
        return super().__contains__(item)

    def index(self, *args):
        Scanned.looked_at += len(self)
        return super().index(*args)

    def count(self, item) -> int:
        Scanned.looked_at += len(self)
        return super().count(item)

    def remove(self, item) -> None:
        Scanned.looked_at += len(self)
        super().remove(item)


def work_to_add(records: int) -> int:
    """The record numbers looked at while `records` records sharing their first turns join a tree."""
    record, _ = checked(random_record("Teblo", 30, seed=7))
    line = [position for _, position in positions(record)]
    tree = OpeningTree(record.game)
    Scanned.looked_at = 0
    for number in range(records):
        tree.add(record, f"r{number}.html", f"game {number}", line)
        for spot in tree.spots:
            if type(spot.records) is list:
                spot.records = Scanned(spot.records)
    assert len(tree.spots) == DEPTH + 1 and tree.spots[-1].records == list(range(records))
    return Scanned.looked_at


def test_records_sharing_an_opening_cost_the_same_work_each():
    # 13 positions are shared by every record: a search of each one's list of records at each
    # new record makes the work grow with the square of the records (10,000 took 6.6 s)
    small, large = work_to_add(200), work_to_add(400)
    assert small <= 200 * (DEPTH + 1) and large <= 400 * (DEPTH + 1), (small, large)


def test_a_study_set_up_elsewhere_is_left_out_and_the_start_stays_the_games_start():
    study, _ = checked((CORPUS / "teblo" / "study-the-closed-corridor.tgn").read_text(encoding="utf-8"))
    game, _ = checked(teblo("1. D4 I9 2. D5", "1-0"))
    tree = OpeningTree(study.game)
    assert tree.add(study, "study.html", "study", [p for _, p in positions(study)]) is None
    assert tree.add(game, "game.html", "game", [p for _, p in positions(game)]) == (0, 1, 2, 3)
    assert tree.spots[0].position == game.game.start_position()
    assert [spot.line for spot in tree.spots] == ["", "D4", "D4 I9", "D4 I9 D5"]
    assert [spot.records for spot in tree.spots] == [[0]] * 4 and tree.records == [("game", "game.html", "1-0")]


def test_the_explorer_page_starts_at_the_start_when_a_study_is_read_first(tmp_path):
    (tmp_path / "a-study.tgn").write_text((CORPUS / "teblo" / "study-the-closed-corridor.tgn").read_text(encoding="utf-8"))
    (tmp_path / "b-game.tgn").write_text(teblo("1. D4 I9 2. D5", "1-0", Event="Club"), encoding="utf-8")
    report = build_site([str(tmp_path / "a-study.tgn"), str(tmp_path / "b-game.tgn")], tmp_path / "site")
    assert report.records == 2
    data = explorer_data(tmp_path / "site" / "openings" / "teblo.html")
    assert data["lines"] == ["", "D4", "D4 I9", "D4 I9 D5"]
    assert [turns[0][:2] for turns in data["turns"][:3]] == [["D4", 1], ["I9", 2], ["D5", 3]]
    assert data["records"] == [[0]] * 4
    study_page = next((tmp_path / "site" / "records").glob("de-kastanje-*.html")).read_text(encoding="utf-8")
    assert "opening explorer" not in study_page and '"explore"' not in study_page
    game_page = (tmp_path / "site" / "records" / "club-a-b.html").read_text(encoding="utf-8")
    assert "This position in the opening explorer" in game_page


def test_each_variant_has_an_explorer_of_its_own_drawn_with_its_own_faces(tmp_path):
    hbtp = (CORPUS / "tekao" / "faces-hbtp-variant.tgn").read_text(encoding="utf-8")
    opening = re.search(r"1\. F@d1.*?(?=10\. )", hbtp, re.DOTALL).group(0)  # the nine placements of each side
    opening = re.sub(r"\{[^}]*\}\s*", "", opening)
    tags = '[Game "Tekao"]\n[Event "Faces"]\n[Blue "A"]\n[Yellow "B"]\n[Result "*"]\n'
    (tmp_path / "a-plain.tgn").write_text(f"{tags}\n{opening} *\n", encoding="utf-8")
    (tmp_path / "b-hbtp.tgn").write_text(f'{tags}[Variant "faces HBTP"]\n\n{opening} *\n', encoding="utf-8")
    report = build_site([str(tmp_path)], tmp_path / "site")
    assert report.records == 2
    assert report.pages == 2 + 3 + 1 + 1 + 2  # records, home, events and players, the game, the event, two explorers
    openings = tmp_path / "site" / "openings"
    assert sorted(path.name for path in openings.iterdir()) == ["tekao-faces-hbtp.html", "tekao.html"]
    for name, source in (("tekao.html", "a-plain.tgn"), ("tekao-faces-hbtp.html", "b-hbtp.tgn")):
        record, _ = checked((tmp_path / source).read_text(encoding="utf-8"))
        line = [position for _, position in positions(record)][:DEPTH + 1]
        expected = FrameTable("x-")
        draw = renderer_for(record.game)
        for k, position in enumerate(line):  # each position with the turn that reached it highlighted
            expected.add(draw(position, size=SIZE, last=(line[k - 1], record.moves[k - 1].turn) if k else None))
        data = explorer_data(openings / name)
        assert data["records"] == [[0]] * (DEPTH + 1)
        assert (data["table"], data["frames"]) == (expected.elements, expected.frames)
    plain, faces = (explorer_data(openings / name)["table"] for name in ("tekao.html", "tekao-faces-hbtp.html"))
    assert plain != faces  # the same turns, pieces drawn with different faces
    game_page = (tmp_path / "site" / "games" / "tekao.html").read_text(encoding="utf-8")
    assert 'href="../openings/tekao.html"' in game_page and 'href="../openings/tekao-faces-hbtp.html"' in game_page
    record_page = next((tmp_path / "site" / "records").glob("faces-a-b-2.html")).read_text(encoding="utf-8")
    assert "../openings/tekao-faces-hbtp.html" in record_page


def test_a_game_whose_records_are_all_studies_has_no_explorer(tmp_path):
    report = build_site([str(CORPUS / "teblo" / "study-the-closed-corridor.tgn")], tmp_path / "site")
    assert report.records == 1
    assert not (tmp_path / "site" / "openings").exists()
    game_page = (tmp_path / "site" / "games" / "teblo.html").read_text(encoding="utf-8")
    assert "opening explorer" not in game_page and "Openings" not in game_page
    assert "1 record.</p>" in game_page


def test_an_explorer_is_labelled_and_shared_as_stats_groups_its_records():
    from ludoscribe.notation.archive.stats import gather
    from ludoscribe.render.site.plan import Explorer, Plan

    texts = [(CORPUS / "staku" / name).read_text(encoding="utf-8") for name in ("club-final.tgn",
                                                                               "staku2-pairs-only.tgn")]
    usual = texts[0].replace('[Result ', '[Variant "staku-3"]\n[Result ', 1)  # the usual rules, named
    records = [checked(text)[0] for text in (*texts, usual)]
    assert {Explorer(record.rules).label for record in records} == set(gather(records).games) == \
           {"Staku", "Staku (Staku-2)"}
    plan = Plan()
    for number, record in enumerate(records):
        plan.openings(record, f"page-{number}", [position for _, position in positions(record)][:DEPTH + 1])
    assert sorted(explorer.label for explorer in plan.explorers.values()) == ["Staku", "Staku (Staku-2)"]
    tchako = read_string('[Game "TChako"]\n[Variant "King of the Hill,  countdown 4"]\n\n*\n')[0]
    assert Explorer(tchako.rules).label == "T'Chako (countdown 4, king of the hill)"
