# The spending window a purchase was bought in (results area).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('rosters', '0002_team_signup_notified_at'),
        ('scheduling', '0001_season'),
    ]

    operations = [
        migrations.AddField(
            model_name='purchase',
            name='game_side',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='purchases', to='scheduling.gameside'),
        ),
    ]
