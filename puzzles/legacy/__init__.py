"""The migrations of the single app the site once was (app label ``puzzles``).
They create the tables on a fresh database; the last one hands the models to
the apps that own them now, in Django's state only (the tables keep their
names), so that a database made before the split migrates without a change."""
