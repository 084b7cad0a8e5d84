"""`python -m claim`: the `claim` command.

``python -m`` imports from the current folder first: in a folder that holds a folder
named ``claim`` that is not this package (a clone of the repository, say), Python
takes that folder for the package, and the command says so instead of failing
with an ImportError (issue #26).
"""

import sys

import claim as _package


def _hidden_by() -> str | None:
    """The folder that stands for the package, when `claim` is not the package."""
    if getattr(_package, "__file__", None) is not None:
        return None
    return ", ".join(dict.fromkeys(getattr(_package, "__path__", None) or ["?"]))


if __name__ == "__main__":
    _folder = _hidden_by()
    if _folder is not None:
        sys.exit(f"claim: Python took the folder {_folder} for the claim package (python -m "
                 "looks in the current folder first), so the installed package is hidden. "
                 "Run the command from another folder, or run 'claim' instead of "
                 "'python -m claim'.")
    from claim.apps.cli import main

    sys.exit(main())
