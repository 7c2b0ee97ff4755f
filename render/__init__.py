"""SVG diagrams and documents of TGN records."""
