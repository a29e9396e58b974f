"""The study models, taken over from the single app the site once was
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
        ('games', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    state_operations = [
        migrations.CreateModel(
            name='Chapter',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('idea', models.CharField(choices=[('blocking', 'Blocking'), ('unlocking', 'Unlocking back stones'), ('counting', 'Counting pips in a blocked game'), ('racing', 'Racing to go out'), ('tempo', 'Tempo and forced passes'), ('doubles', 'Doubles')], max_length=12, unique=True, verbose_name='idea')),
                ('order', models.PositiveIntegerField(default=0, verbose_name='order')),
                ('title', models.CharField(blank=True, default='', help_text='Leave blank for the translated standard title.', max_length=200, verbose_name='title')),
                ('intro', models.TextField(blank=True, default='', help_text='Leave blank for the translated standard introduction.', verbose_name='introduction')),
            ],
            options={
                'verbose_name': 'chapter',
                'verbose_name_plural': 'chapters',
                'db_table': 'puzzles_chapter',
                'ordering': ['order', 'pk'],
            },
        ),
        migrations.CreateModel(
            name='Endgame',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('position', models.CharField(max_length=128, unique=True, verbose_name='position')),
                ('order', models.PositiveIntegerField(default=0, verbose_name='order')),
                ('difficulty', models.PositiveSmallIntegerField(choices=[(1, '1'), (2, '2'), (3, '3'), (4, '4'), (5, '5')], default=1, verbose_name='difficulty')),
                ('hidden', models.BooleanField(default=False, verbose_name='hidden')),
                ('title', models.CharField(blank=True, default='', help_text='Leave blank for a title generated from the facts.', max_length=200, verbose_name='title')),
                ('intro', models.TextField(blank=True, default='', help_text='Leave blank for an introduction generated from the facts.', verbose_name='introduction')),
                ('facts', models.JSONField(verbose_name='facts')),
                ('seed', models.CharField(blank=True, default='', max_length=20, verbose_name='deal seed')),
                ('ply', models.PositiveIntegerField(default=0, verbose_name='ply in the source game')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('chapter', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='endgames', to='study.chapter')),
            ],
            options={
                'verbose_name': 'endgame',
                'verbose_name_plural': 'endgames',
                'db_table': 'puzzles_endgame',
                'ordering': ['chapter__order', 'order', 'pk'],
            },
        ),
        migrations.CreateModel(
            name='EndgameProgress',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('session_key', models.CharField(blank=True, db_index=True, default='', max_length=64, verbose_name='anonymous player')),
                ('studied_at', models.DateTimeField(blank=True, null=True, verbose_name='studied')),
                ('mastered_at', models.DateTimeField(blank=True, null=True, verbose_name='mastered')),
                ('endgame', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='progress', to='study.endgame')),
                ('owner', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='endgame_progress', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'endgame progress',
                'verbose_name_plural': 'endgame progress',
                'db_table': 'puzzles_endgameprogress',
                'constraints': [models.UniqueConstraint(condition=models.Q(('owner__isnull', False)), fields=('endgame', 'owner'), name='unique_endgame_owner'), models.UniqueConstraint(condition=models.Q(('owner__isnull', True)), fields=('endgame', 'session_key'), name='unique_endgame_session')],
            },
        ),
        migrations.CreateModel(
            name='GameAnalysis',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('record', models.TextField(verbose_name='game record')),
                ('source', models.CharField(choices=[('paste', 'pasted'), ('upload', 'uploaded'), ('game', 'practice game')], default='paste', max_length=8, verbose_name='source')),
                ('session_key', models.CharField(blank=True, db_index=True, default='', max_length=64, verbose_name='anonymous player')),
                ('status', models.CharField(choices=[('pending', 'pending'), ('running', 'running'), ('done', 'done'), ('failed', 'failed')], default='pending', max_length=8, verbose_name='status')),
                ('progress', models.PositiveIntegerField(default=0, verbose_name='plies graded')),
                ('total', models.PositiveIntegerField(default=0, verbose_name='plies')),
                ('result', models.JSONField(blank=True, null=True, verbose_name='result')),
                ('error', models.TextField(blank=True, default='', verbose_name='error')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('game', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='games.game')),
                ('owner', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='game_analyses', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'game analysis',
                'verbose_name_plural': 'game analyses',
                'db_table': 'puzzles_gameanalysis',
                'ordering': ['-created_at'],
                'indexes': [models.Index(fields=['status', 'updated_at'], name='puzzles_gam_status_07e7c9_idx')],
            },
        ),
    ]

    operations = [migrations.SeparateDatabaseAndState(state_operations=state_operations)]
