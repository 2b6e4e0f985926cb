"""``python -m games.rules``: see games/rules/cli.py."""

import sys

from games.rules.cli import main

sys.exit(main())
