"""Games: the rules engine (``games.rules``), matches, deals and live play."""
