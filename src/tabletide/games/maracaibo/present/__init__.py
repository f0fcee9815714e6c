"""Pirates of Maracaibo as people see it: the view builder (``view``), its schema
(``schema``), the text view (``text``) and the board picture (``board``). Reads only content,
constants and the view; never the state or a rule module."""
