from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("rosters", "0003_purchase_game_side"),
    ]

    operations = [
        migrations.RenameField(model_name="team", old_name="portfolio", new_name="faction"),
        migrations.AlterField(model_name="team", name="faction", field=models.CharField(blank=True, max_length=40)),
    ]
