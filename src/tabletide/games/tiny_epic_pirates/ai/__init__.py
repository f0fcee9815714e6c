"""Tiny Epic Pirates for bots and learning: the position evaluation and the tensor."""
