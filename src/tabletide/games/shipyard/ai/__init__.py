"""Shipyard for bots and learning: the position evaluation (``evaluate.py``) and the
observation tensor (``tensor.py``)."""
