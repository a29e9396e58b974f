"""One exercise per mistake of a player, held by the database (the
duplicates were folded by the migration before)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("coach", "0003_one_exercise_per_mistake"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="exercise",
            constraint=models.UniqueConstraint(
                condition=models.Q(user__isnull=False), fields=("user", "position", "played"),
                name="unique_exercise_user_mistake",
            ),
        ),
        migrations.AddConstraint(
            model_name="exercise",
            constraint=models.UniqueConstraint(
                condition=models.Q(user__isnull=True), fields=("session_key", "position", "played"),
                name="unique_exercise_guest_mistake",
            ),
        ),
    ]
