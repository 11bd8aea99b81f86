"""Form parts every game system's pages share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from django import forms


def autofocus_first_error(form: forms.BaseForm, order: Iterable[str] = ()) -> None:
    """A page shown again after a failed save opens at the first error, with no script: the form's own errors
    (partials/form_errors.html focuses them, at the top of the form), else the first field in error (in `order`, the
    page's order of the fields, else the form's), which the browser focuses, and so scrolls to."""
    if form.non_field_errors():
        return
    for name in order or form.fields:
        if name in form.errors:
            form.fields[name].widget.attrs["autofocus"] = True
            return


def autofocus_first_error_of(parts: Iterable[forms.BaseForm | forms.BaseFormSet[Any] | Sequence[str]]) -> int | None:
    """A page of several parts (a sign-up: the team's form, errors about the roster as a whole, a row per member), in
    the page's order, opens at the first error, with no script; answers the index of the part that holds it (None: no
    error). A form opens as autofocus_first_error opens it; a formset at its first row in error, at the field in error,
    else at the row's first field (a row shows its own errors beside its fields); a list of messages is a box of
    errors the template shows, and focuses when it is told that its index holds the first error
    (partials/error_list.html)."""
    for index, part in enumerate(parts):
        if isinstance(part, forms.BaseFormSet):
            row = next((row for row in part.forms if row.errors), None)
            if row is not None:
                name = next((name for name in row.fields if name in row.errors), next(iter(row.fields)))
                row.fields[name].widget.attrs["autofocus"] = True
                return index
        elif isinstance(part, forms.BaseForm):
            if part.errors:
                autofocus_first_error(part)
                return index
        elif part:
            return index
    return None


# --- Hand-written forms (a match report): each field's value and errors in one place ----------------------------


@dataclass
class Field:
    """A field of a hand-written form: its name, the value typed (or stored), its errors, and whether the page opens
    at it."""

    name: str
    value: str = ""
    errors: list[str] = field(default_factory=list)
    autofocus: bool = False


def errors_beside(
    errors: Iterable[tuple[str, str]], where: Mapping[str, str], labels: Mapping[str, str] | None = None
) -> tuple[dict[str, list[str]], list[str]]:
    """Each error (path, message) beside the form's field or row that `where` (path -> its name) says its path came
    from, the longest path that is the error's or a prefix of it; an error on a part of a row (`.touchdowns`) is named
    by the part's label in `labels`. Answers the errors by name, and the rest, for the top of the form."""
    beside: dict[str, list[str]] = {}
    top: list[str] = []
    for path, message in errors:
        prefix = max((p for p in where if path == p or path.startswith((p + ".", p + "["))), key=len, default=None)
        if prefix is None:
            top.append(message)
            continue
        part = path[len(prefix) :].lstrip(".").split("[")[0]
        label = (labels or {}).get(part)
        beside.setdefault(where[prefix], []).append(f"{label}: {message}" if label else message)
    return beside, top


def autofocus_first_field(candidates: Iterable[tuple[list[str], Field]]) -> None:
    """The page opens at the first field in error: `candidates` are (errors, the field to focus for them) in the
    page's order (a row's errors focus the row's first field)."""
    for errors, target in candidates:
        if errors:
            target.autofocus = True
            return


class DataFileForm(forms.Form):
    """A league's data as a file (team lists, a catalogue): upload one, or paste (or edit) its text; a file
    sent wins over the text. A subclass names its formats and how many characters it takes."""

    formats: ClassVar[list[tuple[str, str]]] = [("yaml", "YAML")]
    max_text: ClassVar[int] = 200_000
    text_label: ClassVar[str] = "Or paste or edit the text"

    file = forms.FileField(required=False, label="Upload a file")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["format"] = forms.ChoiceField(choices=self.formats, initial=self.formats[0][0])
        self.fields["text"] = forms.CharField(
            required=False,
            max_length=self.max_text,
            strip=False,
            label=self.text_label,
            widget=forms.Textarea(attrs={"rows": 24, "spellcheck": "false", "class": "code"}),
        )
        self.order_fields(["format", "file", "text"])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        upload = data.get("file")
        if upload is not None:
            if upload.size > self.max_text:
                raise forms.ValidationError("The file is too large.")
            try:
                data["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError("The file is not UTF-8 text.") from None
        if not data.get("text", "").strip():
            raise forms.ValidationError("Upload a file or paste its text.")
        if "\x00" in data["text"]:
            raise forms.ValidationError("The text may not contain NUL characters.")
        return data
