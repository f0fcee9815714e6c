"""Ahoy for bots and learning agents: the position evaluation (``evaluate``) and the
observation tensor (``tensor``)."""
