# The player's display settings: high-contrast and larger cards (docs/accessibility.md).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0002_bots'),
    ]

    operations = [
        migrations.AddField(
            model_name='player',
            name='high_contrast_cards',
            field=models.BooleanField(default=False, help_text='Cards drawn in black and white with bold marks and a thick outline.', verbose_name='high-contrast cards'),
        ),
        migrations.AddField(
            model_name='player',
            name='large_cards',
            field=models.BooleanField(default=False, help_text='Cards and their names drawn larger at the table.', verbose_name='larger cards'),
        ),
    ]
