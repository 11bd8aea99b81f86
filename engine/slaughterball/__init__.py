"""Slaughterball league rules (../shared/rules/slaughterball-rulebook.txt)."""
