"""Limits that keep a game from running forever, in one place.

``MAX_ACTIONS``: the default number of recorded actions after which a game ends as
``aborted`` (``new_game(max_actions=...)``, ``--max-actions``); ``AUTO_STEP_LIMIT``:
automatic steps in a row without a decision; ``REPEAT_LIMIT``: the largest count a
``repeat`` effect accepts at play time.
"""
MAX_ACTIONS = 10000
AUTO_STEP_LIMIT = 10000
REPEAT_LIMIT = 10000
