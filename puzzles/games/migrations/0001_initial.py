"""The games models, taken over from the single app the site once was
(label ``puzzles``, ``puzzles/legacy``): the tables already exist (created by
that app's migrations, names kept through ``db_table``), so this migration
changes Django's state only."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('puzzles', '0004_handover'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    state_operations = [
        migrations.CreateModel(
            name='Game',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('start_position', models.CharField(max_length=128, verbose_name='start position')),
                ('current_position', models.CharField(max_length=128, verbose_name='current position')),
                ('human_side', models.CharField(choices=[('A', 'A'), ('B', 'B')], default='A', max_length=1, verbose_name='human side')),
                ('level', models.CharField(choices=[('perfect', 'perfect'), ('strong', 'strong'), ('casual', 'casual')], default='strong', max_length=8, verbose_name='level')),
                ('seed', models.CharField(blank=True, max_length=20, null=True, verbose_name='deal seed')),
                ('rng_seed', models.BigIntegerField(verbose_name="opponent's random seed")),
                ('status', models.CharField(choices=[('your-move', 'your move'), ('thinking', 'thinking'), ('over', 'over')], max_length=10, verbose_name='status')),
                ('session_key', models.CharField(blank=True, db_index=True, default='', max_length=64, verbose_name='anonymous player')),
                ('result', models.JSONField(blank=True, null=True, verbose_name='result')),
                ('hints_used', models.PositiveIntegerField(default=0, verbose_name='hints used')),
                ('ply_count', models.PositiveIntegerField(default=0, verbose_name='moves played')),
                ('version', models.PositiveIntegerField(default=0)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('owner', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='games', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'game',
                'verbose_name_plural': 'games',
                'db_table': 'puzzles_game',
                'ordering': ['-created_at'],
            },
        ),
        migrations.CreateModel(
            name='GameMove',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('ply', models.PositiveIntegerField(verbose_name='ply')),
                ('side', models.CharField(choices=[('A', 'A'), ('B', 'B')], max_length=1, verbose_name='side')),
                ('by', models.CharField(choices=[('human', 'human'), ('solver', 'solver')], max_length=6, verbose_name='by')),
                ('move', models.CharField(max_length=8, verbose_name='move')),
                ('position_before', models.CharField(max_length=128, verbose_name='position before')),
                ('position_after', models.CharField(max_length=128, verbose_name='position after')),
                ('value', models.IntegerField(blank=True, null=True, verbose_name='value')),
                ('best_value', models.IntegerField(blank=True, null=True, verbose_name='best value')),
                ('best_moves', models.JSONField(blank=True, null=True, verbose_name='best moves')),
                ('grade', models.CharField(blank=True, choices=[('best', 'best'), ('inaccuracy', 'inaccuracy'), ('mistake', 'mistake'), ('blunder', 'blunder')], max_length=10, null=True, verbose_name='grade')),
                ('points_lost', models.IntegerField(blank=True, null=True, verbose_name='points lost')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('graded_at', models.DateTimeField(blank=True, null=True)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='moves', to='games.game')),
            ],
            options={
                'verbose_name': 'move',
                'verbose_name_plural': 'moves',
                'db_table': 'puzzles_gamemove',
                'ordering': ['game', 'ply'],
            },
        ),
        migrations.CreateModel(
            name='Hint',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('ply', models.PositiveIntegerField(verbose_name='ply')),
                ('level', models.PositiveSmallIntegerField(choices=[(1, '1'), (2, '2'), (3, '3')], verbose_name='level')),
                ('content', models.JSONField(verbose_name='content')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='hints', to='games.game')),
            ],
            options={
                'verbose_name': 'hint',
                'verbose_name_plural': 'hints',
                'db_table': 'puzzles_hint',
                'ordering': ['game', 'ply', 'level'],
            },
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['status', 'updated_at'], name='puzzles_gam_status_5e93cc_idx'),
        ),
        migrations.AddIndex(
            model_name='gamemove',
            index=models.Index(fields=['graded_at', 'created_at'], name='puzzles_gam_graded__8d90fa_idx'),
        ),
        migrations.AddConstraint(
            model_name='gamemove',
            constraint=models.UniqueConstraint(fields=('game', 'ply'), name='unique_game_ply'),
        ),
        migrations.AddConstraint(
            model_name='hint',
            constraint=models.UniqueConstraint(fields=('game', 'ply', 'level'), name='unique_game_ply_level'),
        ),
    ]

    operations = [migrations.SeparateDatabaseAndState(state_operations=state_operations)]
