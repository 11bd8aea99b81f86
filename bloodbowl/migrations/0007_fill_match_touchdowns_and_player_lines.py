"""Each confirmed match's sides' touchdowns and its players' touchdowns and casualties, from its stored report (what
the post-match writes from now on): the standings and leaders sum them instead of decoding every report."""

from __future__ import annotations

from typing import Any

from django.db import migrations

from engine.bloodbowl.report import SIDES, report_from_data


def fill(apps: Any, schema_editor: Any) -> None:
    match_model = apps.get_model("bloodbowl", "Match")
    side_model = apps.get_model("bloodbowl", "MatchSide")
    line_model = apps.get_model("bloodbowl", "PlayerLine")
    player_model = apps.get_model("bloodbowl", "Player")
    players = set(player_model.objects.values_list("pk", flat=True))
    confirmed = match_model.objects.filter(state="confirmed", report__isnull=False)
    sides, lines = [], []
    for match_id, data in confirmed.values_list("pk", "report").iterator():
        report = report_from_data(data)
        for side in side_model.objects.filter(match_id=match_id):
            side.touchdowns = report.touchdowns(SIDES[0] if side.home else SIDES[1])
            sides.append(side)
        lines += [
            line_model(match_id=match_id, player_id=player, touchdowns=touchdowns, casualties=casualties)
            for player, (touchdowns, casualties) in report.player_counts().items()
            if player in players  # a report's player no longer in the database counts for nobody
        ]
    side_model.objects.bulk_update(sides, ["touchdowns"], batch_size=500)
    line_model.objects.bulk_create(lines, batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("bloodbowl", "0006_match_touchdowns_and_player_lines")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
