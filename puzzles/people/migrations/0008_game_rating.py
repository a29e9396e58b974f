# The rating of games between people is GameRating (it was PlayerRating, a
# name the puzzle rating had too); its table keeps its name, so no row moves.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('people', '0007_match_rated_early'),
    ]

    operations = [
        migrations.RenameModel(old_name='PlayerRating', new_name='GameRating'),
    ]
