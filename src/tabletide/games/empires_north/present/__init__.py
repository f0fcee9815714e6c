"""Empires of the North for people: the view builder (``view``), the terminal text view
(``text``), the board picture (``board``) and the schema of the view (``schema``). These read only
the content, the constants and the view; never the state or a rule module."""
