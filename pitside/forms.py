"""Form parts every game system's pages share."""

from __future__ import annotations

from collections.abc import Iterable
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
