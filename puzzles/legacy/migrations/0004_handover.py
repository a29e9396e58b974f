"""Hands every model of this app to the app that owns it now, in Django's
state only: the tables stay as they are (the new apps' first migrations take
the models over with the same table names).  The content types (and so the
admin permissions) move with them."""

from django.db import migrations

NEW_LABELS = {
    "analysis": "analyses",
    "game": "games", "gamemove": "games", "hint": "games",
    "puzzle": "training", "puzzleseed": "training", "playerrating": "training", "puzzleattempt": "training",
    "gameanalysis": "study", "chapter": "study", "endgame": "study", "endgameprogress": "study",
}


def move_content_types(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    for model, label in NEW_LABELS.items():
        content_type.objects.filter(app_label="puzzles", model=model).update(app_label=label)


def restore_content_types(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    for model, label in NEW_LABELS.items():
        content_type.objects.filter(app_label=label, model=model).update(app_label="puzzles")


class Migration(migrations.Migration):

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('puzzles', '0003_training'),
    ]

    state_operations = [
        migrations.DeleteModel(
            name='Analysis',
        ),
        migrations.RemoveField(
            model_name='endgame',
            name='chapter',
        ),
        migrations.RemoveField(
            model_name='endgameprogress',
            name='endgame',
        ),
        migrations.RemoveField(
            model_name='endgameprogress',
            name='owner',
        ),
        migrations.RemoveField(
            model_name='game',
            name='owner',
        ),
        migrations.RemoveField(
            model_name='gamemove',
            name='game',
        ),
        migrations.RemoveField(
            model_name='gameanalysis',
            name='game',
        ),
        migrations.RemoveField(
            model_name='hint',
            name='game',
        ),
        migrations.RemoveField(
            model_name='gameanalysis',
            name='owner',
        ),
        migrations.RemoveField(
            model_name='playerrating',
            name='user',
        ),
        migrations.RemoveField(
            model_name='puzzleattempt',
            name='puzzle',
        ),
        migrations.RemoveField(
            model_name='puzzleattempt',
            name='user',
        ),
        migrations.DeleteModel(
            name='PuzzleSeed',
        ),
        migrations.DeleteModel(
            name='Chapter',
        ),
        migrations.DeleteModel(
            name='Endgame',
        ),
        migrations.DeleteModel(
            name='EndgameProgress',
        ),
        migrations.DeleteModel(
            name='GameMove',
        ),
        migrations.DeleteModel(
            name='Game',
        ),
        migrations.DeleteModel(
            name='Hint',
        ),
        migrations.DeleteModel(
            name='GameAnalysis',
        ),
        migrations.DeleteModel(
            name='PlayerRating',
        ),
        migrations.DeleteModel(
            name='Puzzle',
        ),
        migrations.DeleteModel(
            name='PuzzleAttempt',
        ),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=state_operations),
        migrations.RunPython(move_content_types, restore_content_types),
    ]
