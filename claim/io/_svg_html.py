"""A game as one self-contained HTML page that steps through it trick by trick
(`claim replay FILE --html OUT.html`, `claim.io.svg.replay_page`).

The page holds one picture per step, all inline, and a few lines of script: the
buttons and the arrow keys (Home and End too) show the previous or next one. It
loads nothing. Its ``body`` carries the step shown as ``data-step`` (and the
counter says it), and opening it with ``#play`` in the address steps through the
whole game by itself, so a headless browser can check that it reaches the end.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from claim.rules.state import GameState

__all__ = ["page", "trick_steps"]


def trick_steps(states: Iterable[GameState]) -> list[GameState]:
    """The states between tricks: the deal, then each state where a trick and the
    decisions after it are done (no card in the trick, no question pending), and
    the last state whatever it is."""
    steps: list[GameState] = []
    last = None
    for state in states:
        last = state
        if not state.trick and state.pending is None:
            steps.append(state)
    if last is not None and (not steps or steps[-1] is not last):
        steps.append(last)
    return steps


_STYLE = """
body{margin:0;background:#e9e5dc;font-family:DejaVu Sans,Helvetica,Arial,sans-serif;color:#22262e}
header{position:sticky;top:0;display:flex;gap:.5em;align-items:center;padding:.6em 1em;
background:#2b2f38;color:#fff}
button{font:inherit;padding:.3em .8em;border-radius:6px;border:1px solid #777;cursor:pointer}
#counter{min-width:9em;text-align:center}
#caption{color:#ffd479;margin-left:1em}
main{padding:1em;display:flex;justify-content:center}
figure{margin:0}
figure[hidden]{display:none}
svg{max-width:100%;height:auto;box-shadow:0 2px 8px #0003}
"""

_SCRIPT = """
(function () {
  var steps = document.querySelectorAll("figure.step");
  var at = 0;
  function show(i) {
    at = Math.max(0, Math.min(steps.length - 1, i));
    for (var k = 0; k < steps.length; k++) { steps[k].hidden = (k !== at); }
    document.getElementById("step").textContent = String(at + 1);
    document.getElementById("caption").textContent = steps[at].getAttribute("data-caption");
    document.body.setAttribute("data-step", String(at));
  }
  document.getElementById("first").onclick = function () { show(0); };
  document.getElementById("prev").onclick = function () { show(at - 1); };
  document.getElementById("next").onclick = function () { show(at + 1); };
  document.getElementById("last").onclick = function () { show(steps.length - 1); };
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight" || e.key === " ") { show(at + 1); }
    else if (e.key === "ArrowLeft") { show(at - 1); }
    else if (e.key === "Home") { show(0); }
    else if (e.key === "End") { show(steps.length - 1); }
    else { return; }
    e.preventDefault();
  });
  show(0);
  if (location.hash === "#play") {
    var timer = setInterval(function () {
      if (at >= steps.length - 1) { clearInterval(timer); return; }
      show(at + 1);
    }, 250);
  }
})();
"""


def _caption(index: int, state: GameState) -> str:
    if index == 0:
        return "the deal"
    if state.is_over:
        return "the end of the game"
    return f"after trick {index}"


def page(steps: Sequence[GameState], pictures: Sequence[str], title: str) -> str:
    """The HTML page of ``pictures`` (one SVG per state of ``steps``)."""
    figures = "\n".join(
        f'<figure class="step" data-step="{i}" data-caption="{escape(_caption(i, state))}"'
        f'{"" if i == 0 else " hidden"}>{svg}</figure>'
        for i, (state, svg) in enumerate(zip(steps, pictures, strict=True))
    )
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n"
        f'<body data-step="0" data-steps="{len(steps)}">\n<header>'
        '<button id="first" title="first (Home)">\u25c0\u25c0</button>'
        '<button id="prev" title="previous (\u2190)">\u25c0 prev</button>'
        f'<span id="counter">step <span id="step">1</span> of {len(steps)}</span>'
        '<button id="next" title="next (\u2192)">next \u25b6</button>'
        '<button id="last" title="last (End)">\u25b6\u25b6</button>'
        f'<strong>{escape(title)}</strong><span id="caption">the deal</span></header>\n'
        f"<main>\n{figures}\n</main>\n<script>{_SCRIPT}</script>\n</body>\n</html>\n"
    )
