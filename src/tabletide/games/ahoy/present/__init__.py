"""Ahoy's presentation: the view builder (``view``), its schema (``schema``), the text view
(``text``) and the board picture (``board``). These modules read the game's content and
constants and the values handed to them; never the state or a rule module."""
