"""axe-core, the accessibility checker, run in the browser tests' pages (docs/publishing.md#accessibility).

axe-core comes from the npm registry into tests/.npm (`npm ci --prefix tests/.npm`, which .ci/run
does). Locally a test that needs it is skipped when it is missing; in CI (CI=true) it fails
instead, as the browser tests do for chromium.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

AXE = Path(__file__).resolve().parent / ".npm" / "node_modules" / "axe-core" / "axe.min.js"
GRAVE = ("serious", "critical")
# Every violation axe finds, with the elements it found it on (the first few).
RUN = """async (within) => {
  const found = await axe.run(within ? {include: [[within]]} : document, {resultTypes: ["violations"]});
  return found.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                     nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ") + ": " + n.failureSummary)}));
}"""


def available() -> Path:
    """axe-core's script; the test is skipped (failed in CI) without it."""
    if not AXE.is_file():
        missing = f"axe-core is not installed ({AXE}: npm ci --prefix tests/.npm)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"accessibility tests cannot run in CI: {missing}")
        pytest.skip(missing)
    return AXE


def violations(page, grave_only: bool = True, within: str | None = None) -> list[str]:
    """The serious and critical violations axe finds in the page as it is now (all, if not
    grave_only), in the elements a CSS selector chooses if `within` is given."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(available()))
    found = page.evaluate(RUN, within)
    return [f"{v['id']} ({v['impact']}): {v['help']}: {v['nodes']}" for v in found
            if not grave_only or v["impact"] in GRAVE]
