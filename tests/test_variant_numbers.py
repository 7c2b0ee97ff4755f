"""A number in a Variant option is bounded once, where the game reads its variant
(docs/games/tchako.md#modes, docs/format.md#limits): generate, check, record and serve agree,
refusing in one line what a record's Variant tag could not hold."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation import check, read_string
from ludoscribe.notation.events.folder import EventFolder, Refused
from ludoscribe.notation.games.tchako import TChako
from ludoscribe.notation.limits import MAX_DIGITS
from ludoscribe.notation.recording.scoresheet import Scoresheet

MODES = ["countdown", "demographic", "demographic total", "sudden death", "sudden death turns"]
TOO_LONG = "1" + "0" * MAX_DIGITS  # 10 digits


@pytest.mark.parametrize("mode", MODES)
def test_a_number_of_more_digits_than_a_tag_holds_is_refused_by_the_game(mode):
    with pytest.raises(ValueError) as error:
        TChako(f"{mode} {TOO_LONG}")
    assert str(error.value) == f"bad TChako variant '{mode} {TOO_LONG}': the number {TOO_LONG} has 10 digits (at most 9)"


def test_nine_digits_are_a_countdown():
    assert TChako("countdown 999999999").modes.values["countdown"] == 999_999_999


@pytest.mark.parametrize("target", [[], ["--to", "parquet", "-o", "lab"]])
def test_generate_refuses_it_as_a_usage_error(target, tmp_path):
    done = CliRunner().invoke(cli, ["generate", "tchako", "--variant", f"countdown {TOO_LONG}", *target])
    assert done.exit_code == 2 and done.stdout == ""
    assert done.stderr.splitlines()[-1] == (f"Error: Invalid value for '--variant': bad TChako variant 'countdown "
                                            f"{TOO_LONG}': the number {TOO_LONG} has 10 digits (at most 9)")


def test_check_refuses_the_record_that_generate_would_have_made():
    [record] = read_string(f'[Game "TChako"]\n[Variant "countdown {TOO_LONG}"]\n[Result "*"]\n\n*\n')
    check(record)
    assert [problem.message for problem in record.problems] == \
           [f"tag Variant: the number {TOO_LONG} has 10 digits (at most 9)"]


def test_record_and_serve_start_no_such_game(tmp_path):
    with pytest.raises(ValueError, match="has 10 digits"):
        Scoresheet.new("TChako", {"Variant": f"countdown {TOO_LONG}"})
    with pytest.raises(Refused, match="has 10 digits"):
        EventFolder(tmp_path).new_game("TChako", "1", "1", ("Ann", "Bob"), variant=f"countdown {TOO_LONG}")
    assert list(tmp_path.iterdir()) == []
