"""The engine that turns an mkdocs.yml project into a site: ProperDocs when it is installed,
else MkDocs 1.6 (docs/publishing.md#the-site-engine).

ProperDocs continues MkDocs 1.x: it reads mkdocs.yml, runs the plugins and themes
registered for MkDocs, and once `properdocs.replacement` is imported every `import mkdocs.x`
in the process gives its `properdocs.x`, so the plugin and the themes run unchanged. One
engine serves a whole process: one already imported (the `mkdocs` or `properdocs` command
that loaded the plugin, or an earlier build) is kept.
"""

from __future__ import annotations

import importlib.util
import sys


def site_engine() -> str:
    """'properdocs' or 'mkdocs': the engine that `mkdocs.*` imports reach in this process."""
    loaded = sys.modules.get("mkdocs")
    if loaded is None and importlib.util.find_spec("properdocs") is not None:
        import properdocs.replacement  # noqa: F401  (from here on, mkdocs.* are ProperDocs' modules)

        loaded = sys.modules["mkdocs"]
    return loaded.__name__ if loaded is not None else "mkdocs"
