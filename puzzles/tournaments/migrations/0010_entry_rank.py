from django.db import migrations, models


def ranks_of_finished_events(apps, schema_editor):
    """The events over before ranks were kept: their ranks worked out once
    by the app's own standings (a new database has none: nothing to do)."""
    Tournament = apps.get_model("tournaments", "Tournament")
    finished = list(Tournament.objects.filter(status="finished").values_list("pk", flat=True))
    if not finished:
        return
    from puzzles.tournaments.results import ranks_store

    for tournament_id in finished:
        ranks_store(tournament_id)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_entry_paused"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="rank",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.RunPython(ranks_of_finished_events, migrations.RunPython.noop),
    ]
