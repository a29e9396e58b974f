"""Each analysis row keeps its position's canonical form, filled in here for
the rows already stored, so that another spelling of the same game finds it."""

from django.db import migrations, models


def fill_canonical(apps, schema_editor):
    from solver import DominoError, canonical_key

    Analysis = apps.get_model("analyses", "Analysis")
    rows = Analysis.objects.filter(canonical="").only("pk", "position").order_by("pk")
    batch = []
    for row in rows.iterator(chunk_size=2000):
        try:
            row.canonical = canonical_key(row.position)
        except DominoError:  # never written by the site; left unmatched
            continue
        batch.append(row)
        if len(batch) >= 2000:
            Analysis.objects.bulk_update(batch, ["canonical"])
            batch = []
    Analysis.objects.bulk_update(batch, ["canonical"])


class Migration(migrations.Migration):

    dependencies = [
        ('analyses', '0002_position_of_any_variant'),
    ]

    operations = [
        migrations.AddField(
            model_name='analysis',
            name='canonical',
            field=models.CharField(db_index=True, default='', max_length=200, verbose_name='canonical form'),
        ),
        migrations.RunPython(fill_canonical, migrations.RunPython.noop),
    ]
