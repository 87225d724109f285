"""Analysis of compiled rulesets: the phase/step machine and its checks
(:mod:`.machine`), rulesets in words and diagrams (:mod:`.describe`), and the generated
parts of the language reference (:mod:`.reference`)."""
