"""The studio's edits of a record's tree and its files (docs/annotating.md): pure edits
(notation/editing/__init__.py), lossless saves, undo and redo, files changed on disk (notation/editing/file.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ludoscribe.notation import editing
from ludoscribe.notation.editing.file import Busy, ChangedOnDisk, EditedFile, NotEditable
from ludoscribe.notation.editing import EditRefused, path_text, read_path
from ludoscribe.notation.recording.lock import ScoresheetLock
from ludoscribe.notation.reader import read_string
from ludoscribe.notation.replay import check
from ludoscribe.notation.writer import write_record

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
TEBLO = """[Game "Teblo"]
[Event "Club"]
[Site "?"]
[Date "2026.01.02"]
[Round "?"]
[Yellow "Ann"]
[Red "Bo"]
[Result "*"]
[Opening "Mine"]

1. D4 {Good [%arrow D4-D5] [%xyz keep me]} 1... H10 2. D5 *
"""


def record(text: str = TEBLO):
    [read] = read_string(text)
    check(read)
    assert not read.problems, read.problems
    return read


def movetext(read) -> str:
    """The record's canonical movetext, its lines joined."""
    return " ".join(write_record(read).split("\n\n", 1)[1].split())


def test_paths_are_read_and_written() -> None:
    assert read_path("") == () and read_path("4.0.2") == (4, 0, 2) and path_text((4, 0, 2)) == "4.0.2"
    for wrong in ("4.0", "a", "1..2", "-1", "1.2.3.4"):
        with pytest.raises(EditRefused):
            read_path(wrong)


def test_a_turn_at_the_end_extends_the_line_and_elsewhere_makes_or_enters_a_variation() -> None:
    read = record()
    assert editing.play(read, (2,), "H9") == (3,)
    assert editing.play(read, (0,), "H10") == (1,)  # the turn that follows: nothing added
    assert editing.play(read, (0,), "I9") == (1, 0, 0)
    assert editing.play(read, (0,), "I9") == (1, 0, 0)  # the variation that starts with it
    assert editing.play(read, (1, 0, 0), "D5") == (1, 0, 1)
    assert editing.play(read, (), "E3") == (0, 0, 0)
    assert movetext(read) == ("1. D4 {Good [%arrow D4-D5] [%xyz keep me]} (1. E3) 1... H10 (1... I9 2. D5) 2. D5 H9 *")


def test_an_illegal_turn_is_refused_in_checks_words_and_changes_nothing() -> None:
    read = record()
    before = movetext(read)
    with pytest.raises(EditRefused, match="turn 2 Red"):
        editing.play(read, (2,), "D5")
    with pytest.raises(EditRefused, match="turn 2 Red"):
        editing.play(read, (2,), "Q99")
    assert movetext(read) == before


def test_promote_one_step_then_to_the_main_line_and_delete() -> None:
    read = record()
    editing.play(read, (0,), "I9")
    editing.play(read, (0,), "J10")
    editing.play(read, (1, 1, 0), "D5")
    assert editing.promote(read, (1, 1, 1)) == (1, 0, 1)
    assert movetext(read).startswith("1. D4 {Good [%arrow D4-D5] [%xyz keep me]} 1... H10 (1... J10 2. D5) (1... I9) 2.")
    assert editing.promote(read, (1, 0, 1)) == (2,)
    assert movetext(read).startswith("1. D4 {Good [%arrow D4-D5] [%xyz keep me]} 1... J10 (1... H10 2. D5) (1... I9) 2.")
    assert editing.delete_variation(read, (1, 1, 0)) == (0,)
    assert "I9" not in movetext(read)
    assert editing.delete_from(read, (1, 0, 1)) == (1, 0, 0)
    assert editing.delete_from(read, (1,)) == (0,)  # its variation takes its place
    assert movetext(read) == "1. D4 {Good [%arrow D4-D5] [%xyz keep me]} 1... H10 *"
    with pytest.raises(EditRefused, match="main line"):
        editing.promote(read, (1,))


def test_promote_to_main_from_a_nested_variation() -> None:
    read = record()
    editing.play(read, (0,), "I9")
    editing.play(read, (1, 0, 0), "D5")
    editing.play(read, (1, 0, 0), "E4")
    assert editing.promote_to_main(read, (1, 0, 1, 0, 0)) == (2,)
    assert movetext(read).startswith("1. D4 {Good [%arrow D4-D5] [%xyz keep me]} 1... I9 (1... H10 2. D5) 2. E4 (2. D5)")


def test_comments_keep_their_commands_and_nags_take_the_place_of_their_kind() -> None:
    read = record()
    for wrong in ("Better {not}", "x" * (2 << 20), "[%arrow D4-D6]", "half \ud800"):
        with pytest.raises(EditRefused):
            editing.set_comment(read, (0,), wrong)
    editing.set_comment(read, (0,), "  Strong   move ")
    assert read.moves[0].comments == ["Strong move", "[%arrow D4-D5] [%xyz keep me]"]
    assert editing.comment(read, (0,)) == "Strong move"
    editing.set_comment(read, (1,), "Why?", before_turn=True)
    editing.set_comment(read, (), "The opening")
    editing.toggle_nag(read, (0,), 14)
    editing.toggle_nag(read, (0,), 2)
    editing.toggle_nag(read, (0,), 1)
    assert read.moves[0].nags == [1, 14]
    editing.toggle_nag(read, (0,), 1)
    editing.set_command(read, (1,), "clk", "0:59:10")
    editing.set_command(read, (1,), "clk", "0:58:00")
    assert movetext(read) == ("{The opening} 1. D4 $14 {Strong move} {[%arrow D4-D5] [%xyz keep me]} 1... {Why?} H10 "
                              "{[%clk 0:58:00]} 2. D5 *")
    editing.set_command(read, (1,), "clk", None)
    assert read.moves[1].comments == []


def test_markup_is_toggled_the_other_items_left_as_written() -> None:
    read = record()
    editing.toggle_markup(read, (0,), "arrow", "D4-E4 red")
    assert read.moves[0].comments == ["Good [%arrow D4-D5, D4-E4 red] [%xyz keep me]"]
    editing.toggle_markup(read, (0,), "arrow", "D4-E4 green")  # another colour takes its place
    assert read.moves[0].comments == ["Good [%arrow D4-D5, D4-E4 green] [%xyz keep me]"]
    editing.toggle_markup(read, (0,), "arrow", "D4-E4 green")
    editing.toggle_markup(read, (0,), "arrow", "D4-D5")
    assert read.moves[0].comments == ["Good [%xyz keep me]"]
    for name, item in (("mark", "E5 circle red"), ("label", "E6 A"), ("dim", "F6")):
        editing.toggle_markup(read, (1,), name, item)
    assert read.moves[1].comments == ["[%mark E5 circle red] [%label E6 A] [%dim F6]"]
    for name, item in (("mark", "E5 circle red"), ("label", "E6 A"), ("dim", "F6")):
        editing.toggle_markup(read, (1,), name, item)
    assert read.moves[1].comments == []
    for wrong in ("", "D4, D5", "D4]"):
        with pytest.raises(EditRefused):
            editing.toggle_markup(read, (1,), "mark", wrong)


def test_paste_plays_the_turns_or_refuses_them_in_checks_words() -> None:
    read = record()
    assert editing.paste(read, (2,), "2... H9 {pasted} 3. D6 (3. E5) H8") == (5,)
    assert movetext(read).endswith("2. D5 H9 {pasted} 3. D6 (3. E5) 3... H8 *")
    with pytest.raises(EditRefused, match="turn 4 Yellow"):
        editing.paste(read, (5,), "D6")
    with pytest.raises(EditRefused):
        editing.paste(read, (5,), "")
    assert editing.paste(read, (0,), "I9 E4") == (1, 0, 1)


def test_a_line_is_copied_as_tgn() -> None:
    read = record()
    editing.play(read, (0,), "I9")
    assert editing.line_text(read, (1, 0, 0)) == "1. D4 {Good [%arrow D4-D5] [%xyz keep me]} 1... I9"


def test_tags_are_checked_as_record_checks_them() -> None:
    read = record()
    editing.set_tag(read, "Date", "2026.02.28")
    for name, value in (("Date", "2026.02.30"), ("Red", "ann"), ("Result", "2-0"), ("Game", "Staku"),
                        ("Bad name", "x"), ("Event", "a\u2028b")):
        with pytest.raises(EditRefused):
            editing.set_tag(read, name, value)
    editing.remove_tag(read, "Opening")
    editing.remove_tag(read, "Site")
    assert "Opening" not in read.tags and read.tags["Site"] == "?"


# --- files --------------------------------------------------------------------------


def corpus_files() -> list[Path]:
    return sorted(CORPUS.rglob("*.tgn"))


def test_opening_every_corpus_record_and_saving_it_unedited_leaves_the_file_byte_for_byte(tmp_path: Path) -> None:
    for source in corpus_files():
        copy = tmp_path / source.name
        copy.write_bytes(source.read_bytes())
        opened = EditedFile(copy)
        for index in range(len(opened)):
            assert not opened.record(index).problems
            opened.edit(index, "", lambda read: None)  # no edit: nothing is written
        assert copy.read_bytes() == source.read_bytes(), source
        assert opened.done == []


MULTI = ("\ufeff" + TEBLO + "\n\n" + TEBLO.replace("Ann", "Cy") + "\n" + TEBLO.replace("Ann", "Di")).replace("\n", "\r\n")


def test_an_edit_rewrites_only_its_record_and_undo_gives_the_bytes_back(tmp_path: Path) -> None:
    path = tmp_path / "three.tgn"
    path.write_bytes(MULTI.encode("utf-8"))
    original = path.read_bytes()
    opened = EditedFile(path)
    assert len(opened) == 3
    spans = [(span.start, span.end) for span in opened.spans]
    assert opened.edit(1, "2", lambda read: editing.play(read, (2,), "H9")) == (3,)
    saved = path.read_bytes()
    assert saved[:spans[1][0]] == original[:spans[1][0]]
    assert saved.endswith(original[spans[1][1]:])
    assert saved.count(b"H9 *\r\n") == 1 and b"[Opening \"Mine\"]" in saved and b"[%xyz keep me]" in saved
    opened.edit(2, "0", lambda read: editing.set_comment(read, (0,), "Last"))
    assert opened.record(2).moves[0].comments[0] == "Last"
    assert opened.undo().index == 2
    assert path.read_bytes() == saved
    opened.undo()
    assert path.read_bytes() == original
    with pytest.raises(IndexError):
        opened.undo()
    opened.redo()
    opened.redo()
    assert opened.record(2).moves[0].comments[0] == "Last"
    assert opened.record(1).moves[-1].turn is not None and len(opened.record(1).moves) == 4


def test_a_file_changed_on_disk_is_never_written_over(tmp_path: Path) -> None:
    path = tmp_path / "game.tgn"
    path.write_text(TEBLO, encoding="utf-8")
    opened = EditedFile(path)
    theirs = TEBLO.replace("Ann", "Someone else")
    path.write_text(theirs, encoding="utf-8")
    os.utime(path, ns=(1, 1))
    assert opened.changed_on_disk()
    with pytest.raises(ChangedOnDisk):
        opened.edit(0, "2", lambda read: editing.play(read, (2,), "H9"))
    assert path.read_text(encoding="utf-8") == theirs
    opened.load()
    assert opened.record(0).tags["Yellow"] == "Someone else" and not opened.changed_on_disk()


def test_a_save_waits_for_no_one_it_refuses_while_record_holds_the_lock(tmp_path: Path) -> None:
    path = tmp_path / "game.tgn"
    path.write_text(TEBLO, encoding="utf-8")
    opened = EditedFile(path)
    held = ScoresheetLock(str(path))
    held.acquire()
    try:
        with pytest.raises(Busy):
            opened.edit(0, "2", lambda read: editing.play(read, (2,), "H9"))
    finally:
        held.release()
    assert path.read_text(encoding="utf-8") == TEBLO


def test_a_record_with_problems_is_shown_not_edited(tmp_path: Path) -> None:
    path = tmp_path / "bad.tgn"
    path.write_text(TEBLO.replace("2. D5", "2. D9"), encoding="utf-8")
    opened = EditedFile(path)
    with pytest.raises(NotEditable, match="turn 2 Yellow"):
        opened.editable(0)


def test_a_json_file_is_written_again_whole_only_when_edited(tmp_path: Path) -> None:
    from ludoscribe.notation.jsonio import write_json
    import io

    out = io.StringIO()
    write_json([record()], out)
    path = tmp_path / "game.json"
    path.write_text(out.getvalue() + "\n", encoding="utf-8")
    original = path.read_bytes()
    opened = EditedFile(path)
    opened.edit(0, "", lambda read: None)
    assert path.read_bytes() == original
    opened.edit(0, "2", lambda read: editing.play(read, (2,), "H9"))
    assert len(EditedFile(path).record(0).moves) == 4
    opened.undo()
    assert path.read_bytes() == original


def test_paste_keeps_line_comments_and_leaves_out_a_result() -> None:
    read = record()
    assert editing.paste(read, (2,), "2... H9 ; Red walks\n3. D6 *") == (4,)
    assert movetext(read).endswith("2. D5 H9 {Red walks} 3. D6 *")
