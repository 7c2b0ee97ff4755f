"""History, the line being played as the engines see it (docs/library.md, "The game engines"):
`tripled` agrees with the repetition rule as written, after any turns added and taken back."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoscribe.notation.games import History

from conftest import examples


@dataclass(frozen=True)
class Spot:
    """A stand-in position: only the side to move matters to History."""

    side: int


def tripled_as_written(tokens: list[tuple[int, str]]) -> int | None:
    """The smallest k with the last 3k turns being k turns (same sides, same turns) three times."""
    n = len(tokens)
    for k in range(1, n // 3 + 1):
        if tokens[n - 3 * k:n - 2 * k] == tokens[n - 2 * k:n - k] == tokens[n - k:]:
            return k
    return None


def line(history: History, turns: str, first: int = 0) -> list[tuple[int, str]]:
    """Push one-letter turns, sides alternating from `first`; the (side, turn) pairs pushed."""
    pushed = []
    for number, turn in enumerate(turns):
        side = (first + number) % 2
        history.push(turn, Spot(1 - side))
        pushed.append((side, turn))
    return pushed


def test_the_same_block_three_times():
    history = History(Spot(0))
    line(history, "xyabab" + "ab")
    assert history.tripled() == 2 and history.last(2) == ["a", "b"]
    history.pop()
    assert history.tripled() is None and len(history) == 7


def test_the_same_turns_by_other_sides_are_no_repetition():
    # Three letters, sides alternating: each copy of "abc" starts with the other side, so
    # only six turns (both sides' abc) can repeat.
    history = History(Spot(0))
    line(history, "abcabcabc")
    assert history.tripled() is None
    line(history, "abcabcab", first=1)
    assert history.tripled() is None
    line(history, "c", first=1)
    assert history.tripled() == 6


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.one_of(st.sampled_from("aab"), st.just("undo")), max_size=80))
def test_tripled_matches_the_rule_as_written(steps):
    history, tokens = History(Spot(0)), []
    for step in steps:
        if step == "undo":
            if tokens:
                history.pop()
                tokens.pop()
        else:
            side = len(tokens) % 2
            history.push(step, Spot(1 - side))
            tokens.append((side, step))
        assert history.tripled() == tripled_as_written(tokens)
        assert len(history) == len(tokens) and len(history.positions) == len(tokens) + 1


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.one_of(st.sampled_from("aab"), st.just("undo"), st.just("ask")), max_size=80))
def test_tripled_matches_the_rule_when_asked_now_and_then(steps):
    """Turns are indexed only when a question comes: turns taken back before it never were."""
    history, tokens = History(Spot(0)), []
    for step in steps:
        if step == "ask":
            assert history.tripled() == tripled_as_written(tokens)
        elif step == "undo":
            if tokens:
                history.pop()
                tokens.pop()
        else:
            side = len(tokens) % 2
            history.push(step, Spot(1 - side))
            tokens.append((side, step))
    assert history.tripled() == tripled_as_written(tokens)
    assert history.turns == tokens


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.sampled_from("aab"), max_size=60), st.integers(0, 40))
def test_repeats_compares_blocks_of_any_length(turns, taken_back):
    history = History(Spot(0))
    tokens = line(history, turns)
    history.tripled()  # names every turn
    for _ in range(min(taken_back, len(tokens))):
        history.pop()
        tokens.pop()
    line(history, "ab"[: len(turns) % 3], len(tokens) % 2)
    tokens = history.turns
    for length in range(1, len(tokens) + 1):
        for times in (2, 3):
            as_written = len(tokens) >= length * times and all(
                tokens[len(tokens) - length * (copy + 1):len(tokens) - length * copy] == tokens[len(tokens) - length:]
                for copy in range(times))
            assert history.repeats(length, times) == as_written


def test_rewind_gives_back_the_line_it_had():
    history, fresh = History(Spot(0)), History(Spot(0))
    line(history, "abbaab")
    line(history, "baabbaab")
    assert history.tripled() is not None
    history.rewind(6)
    line(fresh, "abbaab")
    assert history.turns == fresh.turns and history.positions == fresh.positions
    for turn in "baabbaab":
        line(history, turn, len(history) % 2)
        line(fresh, turn, len(fresh) % 2)
        assert history.tripled() == fresh.tripled()


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.one_of(st.integers(0, 3), st.just(-1)), max_size=60), st.integers(0, 100))
def test_occurrences_count_the_positions_of_the_line_after_turns_added_and_taken_back(steps, asked):
    """Positions are numbers here; -1 takes the last turn back; each count is asked now and then."""
    history = History(Spot(0))
    for number, step in enumerate(steps):
        if step < 0:
            if len(history):
                history.pop()
        else:
            history.push(str(step), Spot(step % 2))
        if (number + asked) % 3 == 0:
            other = history.copy() if number % 2 else history
            for position in {Spot(0), Spot(1)}:
                assert other.occurrences(position) == history.positions.count(position)


def test_a_teblo_repetition_is_always_of_a_position_seen_three_times():
    """Teblo asks `tripled` only when the position was seen three times (docs/games/teblo.md#the-end): over
    random lines that step back and forth, every repetition `tripled` finds comes with such a position."""
    import random

    from ludoscribe.notation.games.teblo import Step, Teblo

    rules, found = Teblo(), 0
    for seed in range(120):
        rng = random.Random(seed)
        history = History(rules.start_position())
        for _ in range(120):
            position = history.position
            steps = [turn for turn in rules.legal_turns(position) if isinstance(turn, Step)]
            turn = rng.choice(steps[:2]) if steps and rng.random() < 0.9 else rules.random_turn(position, rng)
            if turn is None:
                break
            history.push(turn, rules.apply(position, turn))
            if history.tripled() is not None:
                found += 1
                assert history.occurrences(history.position) >= 3
    assert found > 20
