"""Tiny Epic Pirates for people: the view builder, the log in words, the text view and the
board picture. These modules read only the content, the constants and the view; never the state
or a rule module."""
