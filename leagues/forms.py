"""Page forms for leagues: they check the shape of the input; the services check the rules."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django import forms

from engine.core.ruleset import HOUSE_VALUES_MAX_BYTES
from engine.registry import game_systems
from leagues.selectors import house_value_needed, unset_means_none
from pitside.errors import DomainError
from pitside.forms import DataFileForm, autofocus_first_error
from pitside.names import key_names

LIST_KINDS = ("skills", "types")  # house values that are lists of slugs: chosen by name, or typed comma-separated
NO_ITEMS = "none"  # typed for an empty list (e.g. a starting row with no skills)


def apply_domain_errors(
    form: forms.Form, error: DomainError, prefixes: Iterable[str] = (), fields: Mapping[str, str] | None = None
) -> None:
    """Put a service's error items on the form: next to the field they name, else at the top; the page opens at the
    first (autofocus_first_error).

    `prefixes` are stripped from the item's field first ("options.skill_budget" -> "skill_budget"); `fields` names the
    form's field for a name the service uses ("challenged" -> "targets").
    """
    for item in error.items:
        name = item.field
        for prefix in prefixes:
            name = name.removeprefix(prefix)
        name = (fields or {}).get(name, name)
        form.add_error(name if name in form.fields else None, item.message)
    autofocus_first_error(form)


def form_refused(form: forms.Form, error: DomainError, **kwargs: Any) -> forms.Form:
    """The bound form shown again after a refusal, opened at its first error: the service's error items on it
    (apply_domain_errors, with its `prefixes` and `fields`), unless the form refused its own input (valid_data)
    and so shows its own errors already."""
    if form.is_valid():
        apply_domain_errors(form, error, **kwargs)
    else:
        autofocus_first_error(form)
    return form


type Choice = tuple[object, str]  # (value, label)


def set_choices(form: forms.BaseForm, name: str, choices: Iterable[Choice | tuple[str, Iterable[Choice]]]) -> None:
    """Give one of the form's choice fields its choices (or named groups of them), known only once the form is built."""
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField)
    field.choices = choices


def new_idempotency_key() -> str:
    """Made when a form is rendered, so a double click or a resent form is applied once."""
    return uuid.uuid4().hex


class CreditsField(forms.IntegerField):
    """A whole number that may be typed with thousands separators: 2,800,000 or 2 800 000.

    A text input, since a number input refuses the separators.
    """

    widget = forms.TextInput

    def to_python(self, value: Any) -> int | None:
        if isinstance(value, str):
            value = value.replace(",", "").replace("_", "").replace(" ", "")
        return super().to_python(value)


class BudgetField(CreditsField):
    def __init__(self, *, label: str, suggested: int) -> None:
        super().__init__(
            label=label,
            required=False,
            min_value=0,
            help_text=f"In credits. The rulebook suggests {suggested:,}. Leave blank for off.",
        )


class LeagueCreateForm(forms.Form):
    name = forms.CharField(max_length=100)
    game_system = forms.ChoiceField(choices=game_systems)
    house_values_from = forms.ChoiceField(
        label="House values start",
        required=False,
        help_text="The suggested set is Pitside's own choice of the values the rulebook leaves out: house values, not "
        "the rulebook's. You can change every value on the league's settings page afterwards.",
    )
    # Slaughterball Optional Rules; the suggested amounts are the rulebook's.
    skill_budget = BudgetField(label="Skill Budget", suggested=300_000)
    staff_budget = BudgetField(label="Support Staff Budget", suggested=200_000)

    def __init__(
        self, *args: Any, rulesets: Iterable[Any], sources: Iterable[Any], copyable: Iterable[Any], **kwargs: Any
    ) -> None:
        """`rulesets`: every game system's; `sources`: (game app, LeagueDataSource) for each game system's other league
        data; `copyable`: the leagues the user commissions, which the new league may copy from (the service checks
        the game system)."""
        super().__init__(*args, **kwargs)
        copyable = list(copyable)
        names = {ruleset.slug: ruleset.name for ruleset in rulesets}
        suggesting = ", ".join(ruleset.name for ruleset in rulesets if ruleset.suggested_house_values())

        def copies(game_system: str | None) -> list[Choice]:
            return [
                (str(league.pk), f"{league.name} ({names.get(league.game_system, league.game_system)})")
                for league in copyable
                if game_system in (None, league.game_system)
            ]

        set_choices(
            self,
            "house_values_from",
            [
                ("suggested", f"Pitside's suggested set ({suggesting}); a game system without one starts empty"),
                ("empty", "Empty: I set each house value"),
                ("Copy a league I commission", copies(None)),
            ],
        )
        self.fields["house_values_from"].initial = "suggested"
        self.source_fields: list[tuple[str, str]] = []  # (game system, field name)
        for app, source in sources:
            slug = app.ruleset.slug
            self.fields[source.field] = forms.ChoiceField(
                label=f"{source.label} start: {app.ruleset.name} only", initial=source.default, required=False
            )
            set_choices(
                self,
                source.field,
                [("empty", "Empty: I import them"), *source.shipped.items(), ("Copy a league I commission", copies(slug))],
            )
            self.source_fields.append((slug, source.field))

    def options(self) -> dict[str, Any]:
        """The options typed in; blank ones are left to the game system's defaults (a budget left blank is off),
        so a game system without budgets is created with its own defaults."""
        return {key: self.cleaned_data[key] for key in ("skill_budget", "staff_budget") if self.cleaned_data[key] is not None}

    def clean_house_values_from(self) -> str | None:
        """None, the service's default, for the suggested set: its choice says a game system without one starts
        empty, so it is never refused."""
        choice = self.cleaned_data["house_values_from"]
        return None if choice in ("", "suggested") else str(choice)

    def source_bound_fields(self) -> list[forms.BoundField]:
        return [self[name] for _, name in self.source_fields]

    def data_from(self) -> dict[str, str]:
        """The starting league data chosen for the chosen game system (the others' fields are not its); one left
        blank starts from its default."""
        game_system = self.cleaned_data["game_system"]
        chosen = {name: self.cleaned_data[name] for slug, name in self.source_fields if slug == game_system}
        return {name: choice for name, choice in chosen.items() if choice}


class LeagueSettingsForm(forms.Form):
    """A league's general settings: its name, sign-ups and its game system's options, with a checkbox for
    each on/off rule. A game system's form adds the fields of its other options, named in `option_keys`."""

    name = forms.CharField(max_length=100)
    open_for_signups = forms.BooleanField(required=False, label="Open for sign-ups")
    option_keys: tuple[str, ...] = ()
    note = ""  # a sentence above the form, where the rulebook leaves the options to the league

    def __init__(self, *args: Any, switches: Mapping[str, str], **kwargs: Any) -> None:
        """`switches`: the ruleset's on/off rules (option key -> name), one checkbox each."""
        super().__init__(*args, **kwargs)
        self.switches = dict(switches)
        for key, label in self.switches.items():
            self.fields[key] = forms.BooleanField(required=False, label=label)

    @classmethod
    def initial_for(cls, league: Any, options: Mapping[str, Any]) -> dict[str, Any]:
        """`options`: every option of the league, defaults included."""
        return {"name": league.name, "open_for_signups": league.open_for_signups, **options}

    def options(self) -> dict[str, Any]:
        return {key: self.cleaned_data[key] for key in (*self.option_keys, *self.switches)}


class CommissionerAddForm(forms.Form):
    username = forms.CharField(max_length=150, label="Username")


class GrantForm(forms.Form):
    team = forms.TypedChoiceField(coerce=int)
    amount = CreditsField(
        min_value=-(10**12),
        max_value=10**12,
        label="Amount (credits)",
        help_text="Positive to grant, negative to fine.",
    )
    reason = forms.CharField(max_length=200)
    idempotency_key = forms.CharField(max_length=80, widget=forms.HiddenInput)

    def __init__(self, *args: Any, teams: Iterable[Any], unit: str = "credits", **kwargs: Any) -> None:
        kwargs.setdefault("initial", {"idempotency_key": new_idempotency_key()})
        super().__init__(*args, **kwargs)
        set_choices(self, "team", [("", "Choose a team")] + [(t.pk, t.name) for t in teams])
        self.fields["amount"].label = f"Amount ({unit})"


class SlugListField(forms.CharField):
    """A comma-separated list of slugs: blank means "not set", `none` means an empty list."""

    def to_python(self, value: Any) -> list[str] | None:  # type: ignore[override]
        text = super().to_python(value)
        assert text is not None  # a CharField's empty_value is ""
        text = text.strip()
        if not text:
            return None
        if text.lower() == NO_ITEMS:
            return []
        return [part.strip().lower() for part in text.split(",") if part.strip()]

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return ", ".join(value) if value else NO_ITEMS
        return value


class SlugChoicesField(forms.MultipleChoiceField):
    """A list of slugs chosen by their names: nothing chosen means "not set", `none` alone an empty list."""

    def __init__(self, *, choices: Iterable[tuple[str, str]], **kwargs: Any) -> None:
        options = [(NO_ITEMS, "None (an empty list)"), *choices]
        super().__init__(choices=options, required=False, **kwargs)
        self.widget.attrs["size"] = min(len(options), 8)

    def clean(self, value: Any) -> list[str] | None:
        chosen: list[str] = super().clean([item for item in value or [] if item])  # a blank sent for "nothing chosen"
        if not chosen:
            return None
        if NO_ITEMS in chosen:
            if len(chosen) > 1:
                raise forms.ValidationError("Choose None alone, or the items without it.")
            return []
        return chosen

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple) and not value:
            return [NO_ITEMS]
        return value


def display_value(meta: Any, value: Any) -> str:
    """`value` of the engine's HouseValueField `meta` for people: a list by its items' names where it has them."""
    kind = meta.kind
    if value is None:
        return "no maximum" if unset_means_none(kind) else ""
    if kind in LIST_KINDS:
        return ", ".join(key_names(value, dict(meta.choices or meta.item_names))) if value else NO_ITEMS
    if kind == "credits":
        return f"{value:,}"
    return str(value)


@dataclass(frozen=True)
class HouseValueRow:
    field: Any  # engine HouseValueField: key, label, kind, printed
    bound: forms.BoundField
    is_set: bool
    league_value: str
    printed: str

    @property
    def required(self) -> bool:
        return not self.is_set and house_value_needed(self.field)


@dataclass(frozen=True)
class HouseValueGroup:
    key: str
    title: str
    rows: list[HouseValueRow]

    @property
    def required_count(self) -> int:
        return sum(row.required for row in self.rows)

    @property
    def has_errors(self) -> bool:
        return any(row.bound.errors for row in self.rows)


def house_value_anchor(key: str) -> str:
    """The id of a house value's input on the settings page (HouseValuesForm's, Django's default auto_id): a link to
    it opens its group there (js/details-reveal.js)."""
    return f"id_{key}"


class HouseValuesForm(forms.Form):
    """One input per table cell of the game system; only the cells changed are sent to the service."""

    def __init__(
        self, *args: Any, fields: Iterable[Any], current: Mapping[str, Any], names: Mapping[str, str], **kwargs: Any
    ) -> None:
        kwargs.setdefault("auto_id", house_value_anchor("%s"))
        super().__init__(*args, **kwargs)
        self.meta = {f.key: f for f in fields}
        self.current = current
        self.names = names
        for key, meta in self.meta.items():
            if meta.kind in LIST_KINDS and meta.choices:
                field: forms.Field = SlugChoicesField(choices=meta.choices)
            elif meta.kind in LIST_KINDS:  # an ordered list (Pit Fighter's D66 order): typed
                field = SlugListField(required=False, max_length=2000)
            else:
                field = CreditsField(required=False)
            field.label = meta.label
            if not meta.choices and (meta.printed is not None or unset_means_none(meta.kind)):
                field.widget.attrs["placeholder"] = display_value(meta, meta.printed)
            self.fields[key] = field
            if key in current:
                self.initial[key] = current[key]

    def changes(self) -> dict[str, Any]:
        """The cells that differ from the league's house values; None clears a house value."""
        changed: dict[str, Any] = {}
        for key in self.fields:
            new = self.cleaned_data.get(key)
            old = self.current.get(key)
            if new is None:
                if key in self.current:
                    changed[key] = None
            elif self.meta[key].choices and old is not None and sorted(new) == sorted(old):
                continue  # the same items, in the order of the choices
            elif new != (list(old) if isinstance(old, list | tuple) else old):
                changed[key] = new
        return changed

    def _group_title(self, group: str) -> str:
        return " · ".join(self.names.get(part, part.replace("-", " ").capitalize()) for part in group.split("."))

    def groups(self) -> list[HouseValueGroup]:
        """Cells grouped by their key without its last two parts ("athletes.carnage", "skills", "staff"),
        with the cells that still need a house value first, and the groups holding them first."""
        grouped: dict[str, list[HouseValueRow]] = {}
        for key, meta in self.meta.items():
            row = HouseValueRow(
                field=meta,
                bound=self[key],
                is_set=key in self.current,
                league_value=display_value(meta, self.current.get(key)),
                printed=display_value(meta, meta.printed),
            )
            grouped.setdefault(key.rsplit(".", 2)[0], []).append(row)
        groups = [
            HouseValueGroup(key, self._group_title(key), sorted(rows, key=lambda r: not r.required))
            for key, rows in grouped.items()
        ]
        return sorted(groups, key=lambda g: g.required_count == 0)

    def required_count(self) -> int:
        return sum(1 for key, meta in self.meta.items() if key not in self.current and house_value_needed(meta))


class HouseValuesFillForm(forms.Form):
    """Where a league's unset house values are filled from: Pitside's suggested set, or a league of the same game
    system the commissioner commissions (leagues.services.league_house_values_fill)."""

    house_values_from = forms.ChoiceField(
        label="Fill the values not set yet from",
        help_text="Only the values this league has not set are filled; the ones it has set stay as they are, and you "
        "can change every value afterwards.",
    )

    def __init__(self, *args: Any, suggesting: bool, copyable: Iterable[Any], **kwargs: Any) -> None:
        """`suggesting`: whether the suggested set has a value the league has not set; `copyable`: the other leagues
        of its game system the user commissions."""
        super().__init__(*args, **kwargs)
        suggested: list[Choice] = [("suggested", "Pitside's suggested set: house values, not the rulebook's")]
        copies: list[Choice] = [(str(league.pk), league.name) for league in copyable]
        self.has_choices = suggesting or bool(copies)  # else the page leaves the form out
        set_choices(
            self,
            "house_values_from",
            [*(suggested if suggesting else []), *([("A league I commission", copies)] if copies else [])],
        )


class HouseValuesFileForm(DataFileForm):
    """A league's house values as a YAML or JSON file, as the export writes it."""

    formats = [("yaml", "YAML"), ("json", "JSON")]
    max_text = HOUSE_VALUES_MAX_BYTES  # characters (the engine counts its bytes)
