"""The source layer: ruleset files as plain data with positions.

:mod:`.files` finds the package's data (grammar, schema, bundled rulesets);
:mod:`.rulebook` splits a rule book into the player's text and the notes for authors;
:mod:`.yaml_source` parses YAML keeping every node's position; :mod:`.extends`
resolves ``extends:`` chains and merges variants onto their bases.
Imports only :mod:`rulekit.errors`.
"""
