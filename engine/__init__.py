"""Pitside's rules engine: pure Python, no Django.

Inputs are plain immutable facts, outputs are new facts or a list of violations.
Code outside this package reaches a game system only through `engine.registry`.
"""
