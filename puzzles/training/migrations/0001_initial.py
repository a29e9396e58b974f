"""The training models, taken over from the single app the site once was
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
            name='PuzzleSeed',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('seed', models.CharField(max_length=20, unique=True, verbose_name='deal seed')),
                ('accepted', models.PositiveIntegerField(default=0, verbose_name='puzzles stored')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
            ],
            options={
                'verbose_name': 'mined deal',
                'verbose_name_plural': 'mined deals',
                'db_table': 'puzzles_puzzleseed',
            },
        ),
        migrations.CreateModel(
            name='Puzzle',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('position', models.CharField(max_length=128, unique=True, verbose_name='position')),
                ('side', models.CharField(choices=[('A', 'A'), ('B', 'B')], max_length=1, verbose_name='side')),
                ('kind', models.CharField(choices=[('win', 'find the only winning move'), ('most', 'find the move that wins the most')], max_length=4, verbose_name='kind')),
                ('line', models.JSONField(verbose_name='line')),
                ('solver_moves', models.PositiveSmallIntegerField(verbose_name='moves to find')),
                ('themes', models.JSONField(blank=True, default=list, verbose_name='themes')),
                ('start_moves', models.JSONField(blank=True, default=list, verbose_name='moves of the start')),
                ('value', models.IntegerField(help_text='For the solving side, with perfect play.', verbose_name='value')),
                ('rating', models.FloatField(db_index=True, default=1500.0, verbose_name='rating')),
                ('rd', models.FloatField(default=350.0, verbose_name='rating deviation')),
                ('volatility', models.FloatField(default=0.06, verbose_name='volatility')),
                ('initial_rating', models.FloatField(default=1500.0, verbose_name='first estimate')),
                ('seed', models.CharField(max_length=20, verbose_name='deal seed')),
                ('ply', models.PositiveIntegerField(verbose_name='ply in the deal')),
                ('daily_on', models.DateField(blank=True, null=True, unique=True, verbose_name='daily puzzle on')),
                ('attempts_count', models.PositiveIntegerField(default=0, verbose_name='attempts')),
                ('solved_count', models.PositiveIntegerField(default=0, verbose_name='solved')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
            ],
            options={
                'verbose_name': 'puzzle',
                'verbose_name_plural': 'puzzles',
                'db_table': 'puzzles_puzzle',
                'ordering': ['id'],
                'indexes': [models.Index(fields=['daily_on', 'rating'], name='puzzle_daily_rating')],
            },
        ),
        migrations.CreateModel(
            name='PlayerRating',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('session_key', models.CharField(blank=True, default='', max_length=64, verbose_name='anonymous player')),
                ('rating', models.FloatField(default=1500.0, verbose_name='rating')),
                ('rd', models.FloatField(default=350.0, verbose_name='rating deviation')),
                ('volatility', models.FloatField(default=0.06, verbose_name='volatility')),
                ('rated_count', models.PositiveIntegerField(default=0, verbose_name='rated attempts')),
                ('streak', models.PositiveIntegerField(default=0, verbose_name='daily streak')),
                ('best_streak', models.PositiveIntegerField(default=0, verbose_name='best daily streak')),
                ('streak_day', models.DateField(blank=True, null=True, verbose_name='last daily solved')),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('user', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='puzzle_rating', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'puzzle rating',
                'verbose_name_plural': 'puzzle ratings',
                'db_table': 'puzzles_playerrating',
                'constraints': [models.UniqueConstraint(condition=models.Q(('user__isnull', True), models.Q(('session_key', ''), _negated=True)), fields=('session_key',), name='unique_anonymous_puzzle_rating')],
            },
        ),
        migrations.CreateModel(
            name='PuzzleAttempt',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('session_key', models.CharField(blank=True, db_index=True, default='', max_length=64, verbose_name='anonymous player')),
                ('status', models.CharField(choices=[('your-move', 'your move'), ('thinking', 'thinking'), ('solved', 'solved'), ('failed', 'failed')], default='your-move', max_length=10, verbose_name='status')),
                ('position', models.CharField(max_length=128, verbose_name='current position')),
                ('moves', models.JSONField(blank=True, default=list, verbose_name='moves')),
                ('found', models.PositiveSmallIntegerField(default=0, verbose_name='moves found')),
                ('gave_up', models.BooleanField(default=False, verbose_name='gave up')),
                ('rated', models.BooleanField(default=False, help_text="The player's first attempt at this puzzle.", verbose_name='rated')),
                ('daily_on', models.DateField(blank=True, null=True, verbose_name='daily puzzle of')),
                ('rating_before', models.FloatField(blank=True, null=True, verbose_name='rating before')),
                ('rating_after', models.FloatField(blank=True, null=True, verbose_name='rating after')),
                ('puzzle_rating_before', models.FloatField(blank=True, null=True, verbose_name='puzzle rating before')),
                ('puzzle_rating_after', models.FloatField(blank=True, null=True, verbose_name='puzzle rating after')),
                ('version', models.PositiveIntegerField(default=0)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('finished_at', models.DateTimeField(blank=True, null=True)),
                ('puzzle', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='attempts', to='training.puzzle')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='puzzle_attempts', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'puzzle attempt',
                'verbose_name_plural': 'puzzle attempts',
                'db_table': 'puzzles_puzzleattempt',
                'ordering': ['-created_at', '-id'],
                'indexes': [models.Index(fields=['status', 'updated_at'], name='attempt_status_updated')],
            },
        ),
    ]

    operations = [migrations.SeparateDatabaseAndState(state_operations=state_operations)]
