"""The docs' pictures are what the renderers draw now (python tests/docs_pictures.py redraws them)."""

from pathlib import Path

from docs_pictures import pictures

IMG = Path(__file__).resolve().parent.parent / "docs" / "img"


def test_every_docs_picture_is_drawn_by_the_script():
    assert sorted(pictures()) == sorted(path.name for path in IMG.glob("*.svg"))


def test_docs_pictures_are_up_to_date():
    stale = [name for name, svg in pictures().items() if (IMG / name).read_text(encoding="utf-8") != svg]
    assert stale == [], f"redraw them with: python tests/docs_pictures.py ({', '.join(stale)})"
