"""Regenerate ``tests/golden/svg/*.svg``, the pictures of the documentation's positions
(``tools/docs_pictures.py``) that ``tests/test_svg.py`` compares text for text.

Run from the repository root after a deliberate change of the drawing, look at the
pictures (``rsvg-convert`` or a browser), and commit them saying why they changed::

    python tests/golden/make_svg_golden.py
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main() -> None:
    """Write every picture of ``tools/docs_pictures.py`` into ``tests/golden/svg``."""
    spec = importlib.util.spec_from_file_location("docs_pictures",
                                                  ROOT / "tools" / "docs_pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = Path(__file__).with_name("svg")
    out.mkdir(exist_ok=True)
    for name, draw in module.PICTURES.items():
        (out / f"{name}.svg").write_text(draw(), encoding="utf-8")
        print(out / f"{name}.svg")


if __name__ == "__main__":
    main()
