"""`python -m claim`: the `claim` command."""

import sys

from claim.cli import main

sys.exit(main())
