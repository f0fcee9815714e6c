"""Pirates of Maracaibo for bots and learning: the position evaluation (``evaluate``) and the
observation tensor (``tensor``)."""
