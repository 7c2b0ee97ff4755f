"""The T'Chako reference board as plain data, shared by the engine and the renderer.

The original board picture is lost: this is a reconstruction (see docs/games/tchako.md).
Zones are the letters A-L; an obstacle is named by the two zones it stands between,
letters in alphabetical order (`DF` stands between D and F). Coordinates are in board
units, x to the right, y downwards, White's camp at the top.
"""

from __future__ import annotations

ZONES = "ABCDEFGHIJKL"
WHITE, BLACK = 0, 1

# Each zone's kind and owner (None for neutral zones).
KIND = {"A": "base", "B": "vital", "C": "base", "J": "base", "K": "vital", "L": "base"}
KIND |= {zone: "neutral" for zone in "DEFGHI"}
OWNER = {"A": WHITE, "B": WHITE, "C": WHITE, "J": BLACK, "K": BLACK, "L": BLACK}
VITAL = ("B", "K")  # by side
BASES = (("A", "C"), ("J", "L"))  # by side

# The 23 obstacles: one on each connection between neutral, base and vital zones,
# except the vital-base pairs.
OBSTACLES = ("AD", "AE", "AF", "CD", "CG", "CH", "EJ", "FJ", "IJ", "GL", "HL", "IL",
             "DE", "DF", "DG", "DH", "EI", "FI", "GI", "HI", "EF", "FG", "GH")
# Connections (the thick lines): every obstacle's pair, plus the vital-base pairs.
CONNECTIONS = OBSTACLES + ("AB", "BC", "JK", "KL")
NEIGHBOURS = {zone: "".join(sorted(other for pair in CONNECTIONS if zone in pair
                                   for other in pair if other != zone)) for zone in ZONES}

# Fine lines between obstacles, along which elastics run: two obstacles whose
# connections leave one zone one after the other around it (less than half a turn apart).
FINE_LINES = (
    ("AD", "AF"), ("AD", "CD"), ("AD", "DE"), ("AE", "AF"), ("AE", "DE"), ("AF", "DF"), ("AF", "EF"),
    ("CD", "CG"), ("CD", "DH"), ("CG", "CH"), ("CG", "DG"), ("CG", "GH"), ("CH", "DH"), ("DE", "DF"),
    ("DE", "EF"), ("DF", "DG"), ("DF", "FG"), ("DG", "DH"), ("DG", "FG"), ("DH", "GH"), ("EF", "EI"),
    ("EF", "FJ"), ("EI", "EJ"), ("EI", "FI"), ("EI", "IJ"), ("EJ", "FJ"), ("FG", "FI"), ("FG", "GI"),
    ("FI", "FJ"), ("FI", "GI"), ("FJ", "IJ"), ("GH", "GL"), ("GH", "HI"), ("GI", "GL"), ("GI", "HI"),
    ("GL", "HL"), ("GL", "IL"), ("HI", "HL"), ("HI", "IL"), ("IJ", "IL"),
)

# Victory zones of the king-of-the-hill modes.
CENTRAL = "FG"
CENTRAL_LINE = "EFGH"
CENTRAL_DIAMOND = "DFGI"

# Drawing layout: each zone's centre (its creation space) and radius, in board units.
WIDTH, HEIGHT = 10.0, 9.2
CENTRE = {"A": (2.0, 1.0), "B": (5.0, 0.7), "C": (8.0, 1.0), "D": (5.0, 2.6), "E": (1.2, 4.6), "F": (3.6, 4.6),
          "G": (6.4, 4.6), "H": (8.8, 4.6), "I": (5.0, 6.6), "J": (2.0, 8.2), "K": (5.0, 8.5), "L": (8.0, 8.2)}
RADIUS = {zone: 0.62 if KIND[zone] == "vital" else 0.85 for zone in ZONES}
