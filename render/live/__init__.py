"""Live events: the scoresheet in the browser, spectators following the boards, the static relay (docs/live.md)."""
