"""A Slaughterball game's date and place move to the shared games.Game (scheduled_for, location). Its own
two fields step aside first, so that the shared Game's new `location` never meets a field of the same
name in a subclass (Django refuses that, even in a migration's historical models)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("slaughterball", "0001_initial")]
    run_before = [("games", "0003_game_date_and_location")]

    operations = [
        migrations.RenameField(model_name="game", old_name="played_on", new_name="old_played_on"),
        migrations.RenameField(model_name="game", old_name="location", new_name="old_location"),
    ]
