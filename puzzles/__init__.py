"""The practice-game app: analyses cached by position, games against the
solver, grades and hints (HackSoftware styleguide: models, services for
writes, selectors for reads, thin DRF APIs and thin Celery tasks)."""
