"""The browser test (issue #25): a real headless Chromium, driven by Playwright through
the system's browser (``/usr/bin/chromium``; Playwright never downloads one here),
against a real server process. Two players join one table through their invite links
in two pages and play a whole game by clicking; each page shows only its own hand; a
screenshot of a mid-game page is saved as a test artifact (``test-artifacts/``).

Skipped, with the reason, where Playwright or Chromium is missing (CI installs both).
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from server_support import ROOT, ServerProcess, http

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = ROOT / "test-artifacts"

sync_api = pytest.importorskip("playwright.sync_api", reason="needs playwright (test extra)")

if TYPE_CHECKING:
    from playwright.sync_api import Page


def _browser_path() -> str:
    found = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if found is None:
        pytest.skip("no Chromium at /usr/bin/chromium (CI installs it: apt-get install "
                    "chromium)")
    return found


def _cards(page: Page, selector: str) -> list[str]:
    return [str(card) for card in page.eval_on_selector_all(
        selector, "nodes => nodes.map(n => n.dataset.card)")]


def _only_own_hand(pages: list[Page]) -> None:
    """Before the first move: each page shows its own hand and, besides it, only the
    face-up card(s): no card of the other hand (the deck has duplicates: counted)."""
    hands = [_cards(page, "#hand [data-card]") for page in pages]
    for me, page in enumerate(pages):
        shown = Counter(_cards(page, "[data-card]"))
        assert shown == Counter(hands[me]) + Counter(_cards(page, "#face-up [data-card]"))
        assert hands[me] and hands[me] != hands[1 - me]


def _hand_is_the_seats(pages: list[Page]) -> None:
    """Mid-game: each page's hand is the hand of its own seat's view (the wire leak test
    shows that view is the seat's), and no other seat's follower pile is drawn."""
    for seat, page in enumerate(pages):
        view = page.evaluate("game.last.view")
        assert view["seat"] == seat
        assert _cards(page, "#hand [data-card]") == view["hand"]
        assert len(view["hand"]) == view["hand_sizes"][seat]
        other = page.locator("#seats tr").nth(2 - seat).locator("td").nth(2)
        assert other.locator("[data-card]").count() == 0


def _click_a_move(page: Page) -> None:
    button = page.locator("#hand button.legal, #choices button").first
    button.click()


def test_two_players_play_a_game_by_clicking(tmp_path: Path) -> None:
    """Browser client: two pages join by their links, play to the end by clicking the
    legal cards and choices; each shows only its own hand; a mid-game screenshot."""
    browser_path = _browser_path()
    server = ServerProcess(tmp_path / "server.db")
    try:
        links = http(server.port, "/api/tables", {"variant": "claim2",
                                                  "seats": ["human", "human"]})
        base = f"http://127.0.0.1:{server.port}"
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=browser_path, headless=True,
                                                 args=["--no-sandbox"])
            pages = [browser.new_page() for _ in range(2)]
            for page, seat in zip(pages, links["seats"]):
                page.goto(base + seat["link"])
                page.wait_for_selector("body[data-moves='0']")
            _only_own_hand(pages)
            moves = 0
            while (seat := pages[0].evaluate("game.last.view.current_player")) is not None:
                mover = pages[seat]
                assert mover.get_attribute("#turn", "data-state") == "yours"
                _click_a_move(mover)
                moves += 1
                for page in pages:
                    page.wait_for_selector(f"body[data-moves='{moves}']", timeout=10_000)
                if moves == 12:
                    ARTIFACTS.mkdir(exist_ok=True)
                    mover.screenshot(path=str(ARTIFACTS / "server-mid-game.png"), full_page=True)
                    shutil.copy(ARTIFACTS / "server-mid-game.png", tmp_path)
                    _hand_is_the_seats(pages)
            for page in pages:
                assert page.get_attribute("#turn", "data-state") == "over"
                # the updates' history entries were appended: the whole game is logged
                assert page.evaluate("game.last.view.history.length") == moves
                assert page.locator("#log li").count() == moves
                assert "winner" in page.inner_text("#result-text") or "draw" in \
                    page.inner_text("#result-text")
            browser.close()
        info = http(server.port, f"/api/tables/{links['table']}")
        assert info["over"] and info["moves"] == moves
    finally:
        server.stop()
