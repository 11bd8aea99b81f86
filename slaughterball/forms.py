"""Page forms for Slaughterball teams and the league's general settings: they check the shape of the input;
the services check the rules."""

from __future__ import annotations

import re
from typing import Any

from django import forms

from leagues.forms import BudgetField, LeagueSettingsForm, apply_domain_errors, set_choices
from pitside.errors import DomainError
from pitside.forms import autofocus_first_error_of

ATHLETE_ERROR = re.compile(r"^athletes\[(\d+)\]\.(\w+)$")


class SettingsForm(LeagueSettingsForm):
    """A Slaughterball league's general settings: with the Optional Rules' budgets."""

    skill_budget = BudgetField(label="Skill Budget", suggested=300_000)
    staff_budget = BudgetField(label="Support Staff Budget", suggested=200_000)
    option_keys = ("skill_budget", "staff_budget")


class TeamForm(forms.Form):
    name = forms.CharField(max_length=80, label="Team name")
    portfolio = forms.ChoiceField(label="Team Genetic Portfolio")

    def __init__(self, *args: Any, portfolios: dict[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "portfolio", [("", "Choose a portfolio"), *portfolios.items()])


class AthleteForm(forms.Form):
    type = forms.ChoiceField()
    name = forms.CharField(max_length=60)
    number = forms.IntegerField(min_value=0, max_value=99, label="#")

    def __init__(self, *args: Any, athlete_types: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "type", [("", "Type"), *((t, t.capitalize()) for t in athlete_types)])
        self.fields["type"].widget.attrs["class"] = "athlete-type"


class TeamSignupForms:
    """The team form plus one athlete row per roster place.

    A row left empty is not sent, so the service says how many athletes are missing; the
    service's errors ("athletes[3].number") go back to the row they came from.
    """

    prefix = "athletes"

    def __init__(self, data: Any, *, portfolios: dict[str, str], athlete_types: tuple[str, ...], rows: int) -> None:
        self.team = TeamForm(data, portfolios=portfolios)
        formset_class = forms.formset_factory(AthleteForm, extra=rows, max_num=rows, absolute_max=rows, validate_max=True)
        self.athletes = formset_class(data, prefix=self.prefix, form_kwargs={"athlete_types": athlete_types})
        self.athlete_errors: list[str] = []  # about the roster as a whole
        self.sent_rows: list[int] = []  # form index of each athlete sent to the service
        self.is_bound = data is not None
        self.roster_focus = False  # the roster's own errors are the page's first (focus_first_error)

    def is_valid(self) -> bool:
        team_ok = self.team.is_valid()
        athletes_ok = self.athletes.is_valid()
        return team_ok and athletes_ok

    def team_data(self) -> dict[str, Any]:
        athletes = []
        self.sent_rows = []
        for index, row in enumerate(self.athletes.forms):
            if row.has_changed():
                self.sent_rows.append(index)
                athletes.append({key: row.cleaned_data[key] for key in ("type", "name", "number")})
        return {"name": self.team.cleaned_data["name"], "portfolio": self.team.cleaned_data["portfolio"], "athletes": athletes}

    def apply_errors(self, error: DomainError) -> None:
        for item in error.items:
            match = ATHLETE_ERROR.match(item.field)
            if match and int(match[1]) < len(self.sent_rows):
                row = self.athletes.forms[self.sent_rows[int(match[1])]]
                row.add_error(match[2] if match[2] in row.fields else None, item.message)
            elif item.field == "athletes" or item.field.startswith("athletes."):
                # The roster as a whole, or a house value a type of athlete needs
                # ("athletes.carnage.butcher.value"): listed above the rows.
                self.athlete_errors.append(item.message)
                self._mark_rows_needing(item.field)
            else:
                apply_domain_errors(self.team, DomainError([item]))

    def _mark_rows_needing(self, key: str) -> None:
        parts = key.split(".")
        if len(parts) != 4:
            return
        for row in self.athletes.forms:
            if row.cleaned_data.get("type") == parts[2] and not row.non_field_errors():
                row.add_error(None, f"A {parts[2]} needs house values this league has not set (see above).")

    @property
    def roster_errors(self) -> list[str]:
        """The errors about the roster as a whole, shown above its rows."""
        return [*self.athlete_errors, *self.athletes.non_form_errors()]

    def focus_first_error(self) -> None:
        self.roster_focus = autofocus_first_error_of([self.team, self.roster_errors, self.athletes]) == 1

    @property
    def has_errors(self) -> bool:
        return bool(self.team.errors or self.athletes.total_error_count() or self.athlete_errors)


class SpendForm(forms.Form):
    """Buy a skill or a trait increase for the athlete of the page."""

    kind = forms.ChoiceField(choices=[("skill", "skill"), ("trait", "trait")], widget=forms.HiddenInput)
    item = forms.CharField(max_length=60, widget=forms.HiddenInput)
    idempotency_key = forms.CharField(max_length=80, widget=forms.HiddenInput)


class StaffHireForm(forms.Form):
    item = forms.CharField(max_length=60, widget=forms.HiddenInput)
    idempotency_key = forms.CharField(max_length=80, widget=forms.HiddenInput)
