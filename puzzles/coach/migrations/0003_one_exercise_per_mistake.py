"""One exercise per mistake of a player: the duplicates made before (the same
position and move from another game, another analysis of the same record or
the record of a practice game) are folded into the first one made, which keeps
its schedule and takes the others' tries.  The constraints that forbid new ones
come in the next migration: on PostgreSQL an index cannot be built in the
transaction that deleted rows with deferred foreign-key checks pending."""

from django.db import migrations, models


def fold_duplicates(apps, schema_editor):
    Exercise = apps.get_model("coach", "Exercise")
    ExerciseTry = apps.get_model("coach", "ExerciseTry")
    first: dict[tuple, int] = {}
    for row in Exercise.objects.order_by("created_at", "id").values("id", "user_id", "session_key", "position", "played"):
        owner = ("user", row["user_id"]) if row["user_id"] is not None else ("guest", row["session_key"])
        key = (owner, row["position"], row["played"])
        kept = first.setdefault(key, row["id"])
        if kept != row["id"]:
            ExerciseTry.objects.filter(exercise_id=row["id"]).update(exercise_id=kept)
            Exercise.objects.filter(pk=row["id"]).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("coach", "0002_position_of_any_variant"),
    ]

    operations = [
        migrations.RunPython(fold_duplicates, migrations.RunPython.noop),
    ]
