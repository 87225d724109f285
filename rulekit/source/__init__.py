"""The source layer: ruleset files as plain data with positions.

:mod:`.files` finds the package's data (grammar, schema, bundled rulesets);
:mod:`.yaml_source` parses YAML keeping every node's position; :mod:`.extends`
resolves ``extends:`` chains and merges variants onto their bases.
Imports only :mod:`rulekit.errors`.
"""
