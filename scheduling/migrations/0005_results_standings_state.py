# The standings' input fingerprint (results area).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('scheduling', '0004_calendar'),
    ]

    operations = [
        migrations.CreateModel(
            name='StandingsState',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('fingerprint', models.JSONField(default=dict)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('season', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='standings_state', to='scheduling.season')),
            ],
        ),
    ]
