"""The site engine (docs/publishing.md#the-site-engine): ProperDocs when it is installed, else
MkDocs 1.6; the plugin registered for both; the sample sites (the corpus's, and this project's
documentation) built alike by each. The suite installs both engines (the test extra)."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib.metadata import entry_points, metadata
from importlib.util import find_spec
from pathlib import Path

import pytest
from test_site_polish import assert_loads_only_local_files

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = "ludoscribe.render.site.mkdocs_plugin:LudoscribePlugin"
WITHOUT_PROPERDOCS = "import sys; sys.modules['properdocs'] = None; "  # a process where it is not installed
LUDOSCRIBE = "from ludoscribe.cli.main import main; main()"
GENERATOR = re.compile(r'<meta name="generator" content="[^"]*">')  # names the engine and its version


def python(code: str, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, capture_output=True, text=True, timeout=600)


def files_of(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in folder.rglob("*") if path.is_file()}


def test_both_engines_are_installed_for_the_suite():
    assert find_spec("properdocs") is not None and find_spec("properdocs_theme_mkdocs") is not None
    assert find_spec("mkdocs") is not None


def test_the_plugin_is_registered_for_both_engines():
    found = {(point.group, point.name): point.value for group in ("mkdocs.plugins", "properdocs.plugins")
             for point in entry_points(group=group) if point.value.startswith("ludoscribe.")}
    assert found == {("mkdocs.plugins", "ludoscribe"): PLUGIN, ("properdocs.plugins", "ludoscribe"): PLUGIN}
    assert metadata("ludoscribe").get_all("Classifier") == ["Framework :: MkDocs"]  # PyPI has none for ProperDocs


@pytest.mark.parametrize("before, engine", [
    ("", "properdocs"),  # installed: preferred
    (WITHOUT_PROPERDOCS, "mkdocs"),
    ("import mkdocs.plugins; ", "mkdocs"),  # the `mkdocs` command loaded the plugin: MkDocs it stays
    ("import properdocs.__main__; ", "properdocs"),  # the `properdocs` command
])
def test_the_engine_is_properdocs_when_installed_unless_mkdocs_already_runs(before, engine):
    done = python(before + "from ludoscribe.render.site.engine import site_engine; engine = site_engine(); "
                           "import mkdocs.plugins; print(engine, mkdocs.plugins.__name__)")
    assert (done.stdout, done.stderr) == (f"{engine} {engine}.plugins\n", "")


@pytest.fixture(scope="module")
def corpus_sites(tmp_path_factory) -> dict[str, tuple[Path, subprocess.CompletedProcess[str]]]:
    """The corpus's site and kept project, built by `ludoscribe site` with each engine."""
    root = tmp_path_factory.mktemp("engines")
    return {engine: (root / engine, python(before + LUDOSCRIBE, "site", "corpus", "-o", str(root / engine / "site"),
                                           "--project", str(root / engine / "project"), "--jobs", "2"))
            for engine, before in (("properdocs", ""), ("mkdocs", WITHOUT_PROPERDOCS))}


def test_the_corpus_site_is_built_alike_by_both_engines(corpus_sites):
    for engine, (_, done) in corpus_sites.items():
        assert done.returncode == 0, done.stderr
        assert re.search(rf"^site: building \d+ pages with {engine} \(material theme\)$", done.stderr, re.M), done.stderr
    (properdocs, _), (mkdocs, _) = corpus_sites["properdocs"], corpus_sites["mkdocs"]
    project = files_of(properdocs / "project")
    records = sum(path.read_text(encoding="utf-8").count("[Game ") for path in ROOT.glob("corpus/*/*.tgn"))
    kept = [name for name in project if name.startswith("docs/records/")]
    assert len([name for name in kept if name.endswith(".md")]) == records > 20
    assert len([name for name in kept if name.endswith(".tgn")]) == records  # each page's record, to download
    assert files_of(mkdocs / "project") == project
    sites = {engine: files_of(folder / "site") for engine, (folder, _) in corpus_sites.items()}
    assert sites["properdocs"].keys() == sites["mkdocs"].keys()
    pages = [name for name in sites["mkdocs"] if name.endswith(".html")]
    assert len(pages) > 60
    generators = {engine: {tag for name in pages for tag in GENERATOR.findall(sites[engine][name].decode())}
                  for engine in sites}
    [mkdocs_tag], [properdocs_tag] = generators["mkdocs"], generators["properdocs"]  # one on every page
    assert 'content="mkdocs-1.6.' in mkdocs_tag and 'content="mkdocs-ProperDocs 1.' in properdocs_tag
    for name in sites["mkdocs"]:
        if name.endswith(".html"):
            properdocs, mkdocs = (GENERATOR.sub("", sites[engine][name].decode()) for engine in ("properdocs", "mkdocs"))
            assert properdocs == mkdocs, name
        elif name != ".ludoscribe-site":  # the manifest holds each page's hash
            assert sites["properdocs"][name] == sites["mkdocs"][name], name


def test_the_kept_project_rebuilds_with_the_properdocs_command(corpus_sites, tmp_path):
    folder, _ = corpus_sites["mkdocs"]
    done = subprocess.run([sys.executable, "-m", "properdocs", "build", "--strict", "-q",
                           "-f", str(folder / "project" / "mkdocs.yml"), "-d", str(tmp_path / "again")],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    again = files_of(tmp_path / "again")
    built = files_of(corpus_sites["properdocs"][0] / "site")
    assert again.keys() == built.keys() - {".ludoscribe-site"}
    assert again["records/rule-examples-1-example-example.html"] == built["records/rule-examples-1-example-example.html"]


def main_column(page: bytes) -> str:
    """The page's own content, without the theme's navigation, search box and footer."""
    text = page.decode("utf-8")
    return text[text.index('<div class="col-md-9" role="main">'):text.index("<footer")]


@pytest.mark.parametrize("engine", ["mkdocs", "properdocs"])
def test_the_documentation_loads_nothing_from_the_network(documentation, engine):
    pages = sorted(documentation[engine].rglob("*.html"))
    assert len(pages) > len(list((ROOT / "docs").rglob("*.md")))  # a page for each, and 404.html
    assert_loads_only_local_files(pages)


def test_the_documentation_is_built_alike_by_both_engines(documentation):
    built = {engine: files_of(folder) for engine, folder in documentation.items()}
    pages = sorted(name for name in built["mkdocs"] if name.endswith(".html") and name != "404.html")
    assert sorted(name for name in built["properdocs"] if name.endswith(".html") and name != "404.html") == pages
    assert len(pages) == len(list((ROOT / "docs").rglob("*.md")))
    records = 0
    for name in pages:
        column = main_column(built["mkdocs"][name])
        assert main_column(built["properdocs"][name]) == column, name
        records += column.count('<div class="ls-record"')
    assert records >= 2  # the games the pages show through the plugin (docs/publishing.md shows two)
    assert built["properdocs"]["assets/ludoscribe/viewer.js"] == (ROOT / "render" / "viewer.js").read_bytes()


def test_a_block_that_cannot_be_shown_fails_a_strict_build_under_both_engines(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Games\n\n```tgn\n[Game \"Teblo\"]\n[Result \"*\"]\n\n1. D9 *\n```\n",
                                                encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: Games\ntheme: mkdocs\nplugins: [ludoscribe]\n", encoding="utf-8")
    for engine in ("mkdocs", "properdocs"):
        done = subprocess.run([sys.executable, "-m", engine, "build", "--strict", "-d", str(tmp_path / engine)],
                              cwd=tmp_path, capture_output=True, text=True, timeout=600)
        assert done.returncode == 1, (engine, done.stderr)
        assert re.search(r"WARNING +- +ludoscribe: index\.md: ```tgn block 1: .*D9", done.stderr), (engine, done.stderr)
