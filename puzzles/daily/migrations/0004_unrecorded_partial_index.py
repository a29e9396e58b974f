# The index of the entries still to record (services.entries_settle, the beat's sweep): only those.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("daily", "0003_deal_commitment"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="dailyentry",
            name="daily_entry_unrecorded",
        ),
        migrations.AddIndex(
            model_name="dailyentry",
            index=models.Index(
                condition=models.Q(("recorded_at__isnull", True)), fields=["created_at"], name="daily_entry_unrecorded"
            ),
        ),
    ]
