"""Playing games: agents (:mod:`.agents`), one session loop shared by play, replay and
simulation (:mod:`.session`), transcripts (:mod:`.transcript`) and a person at the
terminal (:mod:`.terminal`)."""
