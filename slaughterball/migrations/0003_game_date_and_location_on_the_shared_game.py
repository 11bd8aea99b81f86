"""A Slaughterball game's date and place, now on the shared games.Game (scheduled_for, location): copied
up, then dropped here."""

from django.db import migrations


def copy_up(apps, schema_editor):
    Game = apps.get_model("slaughterball", "Game")
    for game in Game.objects.exclude(old_played_on=None, old_location=""):
        game.scheduled_for, game.location = game.old_played_on, game.old_location
        game.save(update_fields=["scheduled_for", "location"])


def copy_down(apps, schema_editor):
    Game = apps.get_model("slaughterball", "Game")
    for game in Game.objects.exclude(scheduled_for=None, location=""):
        game.old_played_on, game.old_location = game.scheduled_for, game.location
        game.save(update_fields=["old_played_on", "old_location"])


class Migration(migrations.Migration):
    dependencies = [
        ("slaughterball", "0002_game_date_and_location_renamed_before_the_move"),
        ("games", "0003_game_date_and_location"),
    ]

    operations = [
        migrations.RunPython(copy_up, copy_down),
        migrations.RemoveField(model_name="game", name="old_location"),
        migrations.RemoveField(model_name="game", name="old_played_on"),
    ]
