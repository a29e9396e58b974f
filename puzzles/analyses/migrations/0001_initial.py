"""The analyses models, taken over from the single app the site once was
(label ``puzzles``, ``puzzles/legacy``): the tables already exist (created by
that app's migrations, names kept through ``db_table``), so this migration
changes Django's state only."""

from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('puzzles', '0004_handover'),
    ]

    state_operations = [
        migrations.CreateModel(
            name='Analysis',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('position', models.CharField(max_length=128, unique=True, verbose_name='position')),
                ('status', models.CharField(choices=[('pending', 'pending'), ('done', 'done'), ('failed', 'failed')], default='pending', max_length=8, verbose_name='status')),
                ('result', models.JSONField(blank=True, null=True, verbose_name='result')),
                ('error', models.TextField(blank=True, default='', verbose_name='error')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('computed_at', models.DateTimeField(blank=True, null=True)),
            ],
            options={
                'verbose_name': 'analysis',
                'verbose_name_plural': 'analyses',
                'db_table': 'puzzles_analysis',
                'indexes': [models.Index(fields=['status', 'updated_at'], name='puzzles_ana_status_045b6d_idx')],
            },
        ),
    ]

    operations = [migrations.SeparateDatabaseAndState(state_operations=state_operations)]
