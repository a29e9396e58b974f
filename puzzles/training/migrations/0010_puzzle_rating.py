# The puzzle rating's model is PuzzleRating (it was PlayerRating, a name the
# people app's ratings had too); its table keeps its name, so no row moves.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('training', '0009_replay_failed'),
    ]

    operations = [
        migrations.RenameModel(old_name='PlayerRating', new_name='PuzzleRating'),
    ]
