"""Slaughterville: a cooperative horror game, 1-6 players against a villain. No league rules: a group keeps a
play log (the setup of each session and its outcome) and reads its statistics."""
