"""A sheet's HTML in parts, each rendered by a task of its own (sheets.services.sheet_render): the HTML of a sheet
still to render becomes its one part."""

from __future__ import annotations

from typing import Any

from django.db import migrations, models


def html_to_parts(apps: Any, schema_editor: Any) -> None:
    sheet = apps.get_model("sheets", "Sheet")
    for row in sheet.objects.exclude(html="").only("pk", "html"):
        sheet.objects.filter(pk=row.pk).update(parts=[row.html])


def parts_to_html(apps: Any, schema_editor: Any) -> None:
    sheet = apps.get_model("sheets", "Sheet")
    for row in sheet.objects.exclude(parts=[]).only("pk", "parts"):
        sheet.objects.filter(pk=row.pk).update(html="".join(row.parts))


class Migration(migrations.Migration):
    dependencies = [("sheets", "0001_sheet")]

    operations = [
        migrations.AddField(model_name="sheet", name="parts", field=models.JSONField(blank=True, default=list)),
        migrations.RunPython(html_to_parts, parts_to_html),
        migrations.RemoveField(model_name="sheet", name="html"),
        migrations.AddField(model_name="sheet", name="part_pdfs", field=models.JSONField(blank=True, default=list)),
    ]
