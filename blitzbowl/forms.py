"""Page forms for Blitz Bowl leagues: they check the shape of the input; the services and the engine check the rules."""

from __future__ import annotations

from django import forms

from engine.blitzbowl.league import MATCHES, MAX_MATCHES
from leagues.forms import LeagueSettingsForm
from rosters.forms import NameSignupForm


class SettingsForm(LeagueSettingsForm):
    """General settings: name, sign-ups, the match count (a house choice) and the quarter-finals switch."""

    matches = forms.IntegerField(
        min_value=1,
        max_value=MAX_MATCHES,
        label="League matches per coach",
        help_text=f"The rulebook's league plays {MATCHES}; another count is this league's house choice.",
    )
    option_keys = ("matches",)
    note = (
        "Blitz Bowl: win 3, draw 1, loss 0 (the rulebook's). Ties in league points are broken by a draw made "
        "when each coach signs up (the rulebook is silent)."
    )


class SignupForm(NameSignupForm):
    """A coach's sign-up: his team's name."""

    name = forms.CharField(max_length=80, label="Team name")


class SideForm(forms.Form):
    """One coach's line of the result (prefixed home or away)."""

    score = forms.IntegerField(min_value=0, max_value=99)
    challenge_cards = forms.IntegerField(min_value=0, max_value=99, label="Challenge cards claimed")
    injuries = forms.IntegerField(min_value=0, max_value=99, label="Opposing players injured")


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=500)
