"""One run under way a player, held by the database (the runs left under way
beside a newer one were ended by the migration before: on PostgreSQL an index
is not built in the transaction that wrote them)."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("training", "0007_one_active_run"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddConstraint(
            model_name='puzzlerun',
            constraint=models.UniqueConstraint(condition=models.Q(('status', 'active'), ('user__isnull', False)), fields=('user',), name='run_one_active_per_user'),
        ),
        migrations.AddConstraint(
            model_name='puzzlerun',
            constraint=models.UniqueConstraint(condition=models.Q(('status', 'active'), ('user__isnull', True)), fields=('session_key',), name='run_one_active_per_guest'),
        ),
    ]
