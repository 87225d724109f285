"""The ruleset language: the expression grammar and compiler (:mod:`.expressions`),
static types (:mod:`.types`), the built-in functions (:mod:`.builtins`), the effect
registry (:mod:`.effects`) and the ruleset schema (:mod:`.schema`)."""
