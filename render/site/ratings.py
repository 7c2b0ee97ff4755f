"""The ratings on the site's players page (docs/ratings.md#on-the-site): each player's Glicko-2 rating
per game, and its history, from the records the site publishes."""

from __future__ import annotations

from ...notation.archive.ratings import RatedGame, rate
from ..escaping import html_text


def player_ratings(games: list[RatedGame]) -> dict[str, str]:
    """Each rated player's name -> the HTML of their ratings: a table with a row per game, the rating
    after each period they played in its last column, in a box the keyboard reaches, which scrolls
    sideways on a narrow screen (viewer.css: .ls-ratings). A player with no rated game has none."""
    rows: dict[str, list[str]] = {}
    for pool, players in rate(games).pools.items():
        for rank, (name, one) in enumerate(players.items(), 1):
            history = ", ".join(f"{html_text(label)}: {rating.rating:.0f}" for label, rating in one.history)
            rows.setdefault(name, []).append(
                f"<tr><td>{html_text(pool)}</td><td>{one.rating.rating:.0f}</td><td>±{one.rating.deviation:.0f}</td>"
                f"<td>{rank} of {len(players)}</td><td>{one.games}</td><td>{history}</td></tr>")
    return {name: (f'<div class="ls-ratings" tabindex="0" role="region" aria-label="Ratings of {html_text(name)}">'
                   '\n<table class="ls-ratings-table">\n<thead><tr><th>Game</th><th>Rating</th><th>Deviation</th><th>Rank</th>'
                   "<th>Games rated</th><th>After each month</th></tr></thead>\n<tbody>\n" + "\n".join(lines)
                   + "\n</tbody>\n</table>\n</div>") for name, lines in rows.items()}
