"""`python -m claim`: the `claim` command."""

import sys

from claim.apps.cli import main

sys.exit(main())
