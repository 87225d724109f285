"""The ruleset language: the expression grammar and compiler (:mod:`.expressions`),
static types (:mod:`.types`), the built-in functions (:mod:`.builtins`), the registries
of effects (:mod:`.effects`), option types (:mod:`.options`) and step attributes
(:mod:`.steps`), and the ruleset schema built from them (:mod:`.shape`, checked by
:mod:`.schema`)."""
