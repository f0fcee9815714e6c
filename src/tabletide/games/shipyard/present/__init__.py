"""Shipyard as people see it: the view builder (``view.py``), its schema (``schema.py``), the
terminal text (``text.py``) and the board picture (``board.py``). These modules read only the
content, the constants and the view: never the state or a rule module."""
