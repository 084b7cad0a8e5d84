"""pytest, for the whole tree: the doctest collection (``--doctest-modules``) skips the
files of the modules that the build compiles with mypyc (`claim._compiled`). Where
the compiled extension sits beside a ``.py`` file, Python imports the extension and
pytest refuses the mismatch; these modules hold no doctests, and
``tests/test_compiled.py`` runs their tests on the ``.py`` files as well."""

from claim._compiled import COMPILED_MODULES

collect_ignore = [name.replace(".", "/") + ".py" for name in COMPILED_MODULES]
