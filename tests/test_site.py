"""The built documentation site: no Sphinx role markup left, doctests shown as code,
nothing loaded from a CDN, the API reference split by topic with public names only.

Builds the site once (``mkdocs build --strict``, as CI does) into a temporary folder.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ROLES = re.compile(r":(class|meth|func|attr|mod|data|exc|obj):")
API_PAGES = ("games", "cards", "records", "moves", "variants", "powers", "power-effects",
             "power-registry", "builtin-powers", "expansion-powers", "results", "saving",
             "views", "knowledge", "errors", "testing", "bots", "simulate", "adapters", "solver")
# GameState's storage: cards as bit masks, read through the accessors (hand(seat), ...).
STATE_MASKS = ("hand_masks", "follower_masks", "score_masks", "discard_mask", "in_front_masks")
SPECIAL_ANCHOR = re.compile(r'id="[\w.]*\.__\w+__"')


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=ROOT, check=True, timeout=120, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    return out


def pages(site: Path) -> dict[str, str]:
    return {str(p.relative_to(site)): p.read_text(encoding="utf-8")
            for p in sorted(site.rglob("*.html"))}


def text_of(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def test_no_leftover_sphinx_roles(site: Path) -> None:
    found = {name: ROLES.findall(text_of(html)) for name, html in pages(site).items()}
    assert {name: roles for name, roles in found.items() if roles} == {}


def test_docstring_cross_references_render_as_links(site: Path) -> None:
    """The protocol's module docstring names its hooks; each is a link to its entry."""
    powers = pages(site)["api/powers.html"]
    link = re.compile(r'<a class="autorefs autorefs-internal"[^>]*'
                      r'href="#claim\.rules\.protocol\.FactionPower\.place"')
    assert link.search(powers)
    assert 'id="claim.rules.protocol.FactionPower.place"' in powers


def test_doctests_render_as_highlighted_code(site: Path) -> None:
    """Every >>> prompt of the site is inside a code block, never a quote."""
    for name, html in pages(site).items():
        assert "<blockquote>\n<blockquote>" not in html, name
        for match in re.finditer(r"&gt;&gt;&gt;", html):
            before = html[:match.start()]
            assert before.rfind("<code") > before.rfind("</code>"), f"{name}: >>> outside code"
    index = pages(site)["api/index.html"]
    assert 'class="language-pycon highlight"' in index


def test_nothing_is_loaded_from_another_site(site: Path) -> None:
    """Offline reading: scripts, styles and fonts are local; code is highlighted by
    Pygments at build time."""
    remote = re.compile(r'<(?:script|link|img)\b[^>]*\b(?:src|href)="(?:https?:)?//[^"]*"')
    for name, html in pages(site).items():
        assert not remote.findall(html), name
    assert '<span class="kn">import</span>' in pages(site)["quickstart.html"]


def test_api_reference_is_split_by_topic_with_public_names_only(site: Path) -> None:
    all_pages = pages(site)
    for topic in API_PAGES:
        assert f"api/{topic}.html" in all_pages
    api = "".join(html for name, html in all_pages.items() if name.startswith("api/"))
    for internal in ("claim.rules.engine.flow", "claim.rules.engine.tricks",
                     "claim.rules.engine.board", "claim.rules.variant_tables.DeckTables",
                     "claim.core._fast"):
        assert f'id="{internal}' not in api, internal
        assert f'id="{internal}' in all_pages["internals.html"], internal
    assert 'id="claim.rules.state.GameState"' in all_pages["api/games.html"]
    assert 'id="claim.rules.loading._Doc"' not in api
    assert 'id="claim.rules.loading._check_official"' not in api
    homes = {
        "claim.rules.protocol.FactionPower": "powers",
        "claim.rules.effects.Placement": "power-effects",
        "claim.rules.registry.PowerRegistry": "power-registry",
        "claim.factions.claim2.Trolls": "builtin-powers",
        "claim.factions.exp_choices.Ghosts": "expansion-powers",
        "claim.core.cards.Card": "cards",
        "claim.core.records.MoveRecord": "records",
        "claim.rules.views.View": "views",
        "claim.info.sampling.sample": "knowledge",
        "claim.search.bots.Bot": "bots",
        "claim.apps.simulate.simulate": "simulate",
    }
    for name, page in homes.items():
        found = [p for p, html in all_pages.items() if f'id="{name}"' in html]
        assert found == [f"api/{page}.html"], name


def test_api_pages_show_the_public_surface_read_from_the_source(site: Path) -> None:
    """No page shows what only an imported mypyc extension module gives (CI builds the
    site with the compiled modules in place), no special member (``__eq__``, attrs'
    ``__attrs_attrs__``, ...), and not GameState's card masks."""
    all_pages = pages(site)
    for name, html in all_pages.items():
        text = text_of(html)
        assert "mypyc filler docstring" not in text, name
        assert "__attrs_attrs__" not in text and "__attrs_props__" not in text, name
        assert SPECIAL_ANCHOR.findall(html) == [], name
        for field in STATE_MASKS + ("zones",):
            assert f'id="claim.rules.state.GameState.{field}"' not in html, name
    games = text_of(all_pages["api/games.html"])
    assert [field for field in STATE_MASKS if field in games] == []
    for accessor in ("hand", "score_pile", "follower_pile", "zone", "discard"):
        anchor = f'id="claim.rules.state.GameState.{accessor}"'
        assert anchor in all_pages["api/games.html"], accessor
    assert "hand_masks" in text_of(all_pages["how-it-works.html"])
    # The module docstrings of compiled modules are there (inspection lost them).
    assert "from the state's public parts" in text_of(all_pages["api/views.html"])


def test_theme_has_dark_mode_and_search(site: Path) -> None:
    index = pages(site)["index.html"]
    assert 'data-md-color-scheme="slate"' in index or "slate" in index
    assert (site / "search" / "search_index.json").is_file()
