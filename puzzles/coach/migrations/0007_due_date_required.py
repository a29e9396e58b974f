"""Every exercise has a due date now (FSRS always says when a card comes back):
the one before this filled it in."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("coach", "0006_fsrs_cards_from_tries"),
    ]

    operations = [
        migrations.AlterField(
            model_name="exercise",
            name="due_at",
            field=models.DateTimeField(db_index=True, verbose_name="due"),
        ),
    ]
