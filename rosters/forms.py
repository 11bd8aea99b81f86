"""Sign-up forms every game system shares (rosters.views.team_signup_page drives them)."""

from __future__ import annotations

from typing import Any

from django import forms

from leagues.forms import apply_domain_errors
from pitside.errors import Invalid
from pitside.forms import autofocus_first_error


class NameSignupForm(forms.Form):
    """A sign-up that is a name only (a Blitz Bowl coach's team, a Slaughterville member): a subclass declares its
    `name` field, with its label."""

    name: forms.CharField

    def apply_errors(self, error: Invalid) -> None:
        apply_domain_errors(self, error)

    def focus_first_error(self) -> None:
        autofocus_first_error(self)

    def team_data(self) -> dict[str, Any]:
        return {"name": self.cleaned_data["name"]}
