"""The ratings on the site's players page (docs/ratings.md#on-the-site): each player's Glicko-2 rating
per game, and its history, from the records the site publishes."""

from __future__ import annotations

from ...notation.archive.ratings import RatedGame, rate
from ...notation.languages import Words
from ..escaping import html_text
from ..wording import ENGLISH


def player_ratings(games: list[RatedGame], words: Words = ENGLISH) -> dict[str, str]:
    """Each rated player's name -> the HTML of their ratings: a table with a row per game, the rating
    after each period they played in its last column, in a box the keyboard reaches, which scrolls
    sideways on a narrow screen (viewer.css: .ls-ratings). A player with no rated game has none.
    Its words are those of `words`."""
    rows: dict[str, list[str]] = {}
    heads = "".join(f"<th>{html_text(head)}</th>" for head in (
        words.gettext("Game"), words.gettext("Rating"), words.gettext("Deviation"), words.gettext("Rank"),
        words.gettext("Games rated"), words.gettext("After each month")))
    rank_of = words.gettext("{rank} of {count}")
    after = words.gettext("{period}: {rating}")  # a rating after a period: 2024-03: 1512
    for pool, players in rate(games).pools.items():
        for rank, (name, one) in enumerate(players.items(), 1):
            history = ", ".join(after.format(period=html_text(label), rating=f"{rating.rating:.0f}")
                                for label, rating in one.history)
            rows.setdefault(name, []).append(
                f"<tr><td>{html_text(pool)}</td><td>{one.rating.rating:.0f}</td><td>±{one.rating.deviation:.0f}</td>"
                f"<td>{html_text(rank_of.format(rank=rank, count=len(players)))}</td><td>{one.games}</td><td>{history}</td></tr>")
    ratings_of = words.gettext("Ratings of {name}")
    return {name: (f'<div class="ls-ratings" tabindex="0" role="region" aria-label="{html_text(ratings_of.format(name=name))}">'
                   f'\n<table class="ls-ratings-table">\n<thead><tr>{heads}</tr></thead>\n<tbody>\n' + "\n".join(lines)
                   + "\n</tbody>\n</table>\n</div>") for name, lines in rows.items()}
