"""The runtime: games in progress (:mod:`.state`, :mod:`.engine`), compiled rules that
start them (:mod:`.rules`), the pipeline that loads rules by name (:mod:`.loader`), and
game records (:mod:`.records`)."""
