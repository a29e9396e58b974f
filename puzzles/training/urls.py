"""URLs of puzzle training (issue 4): the API under /api/ and the pages under /puzzles/."""
from django.urls import include, path

from . import training_apis as apis
from . import training_views as views

api_urlpatterns = [
    path("puzzles/daily/", apis.DailyPuzzleApi.as_view(), name="api-puzzle-daily"),
    path("puzzles/next/", apis.NextPuzzleApi.as_view(), name="api-puzzle-next"),
    path("puzzles/themes/", apis.ThemeListApi.as_view(), name="api-puzzle-themes"),
    path("puzzles/history/", apis.HistoryApi.as_view(), name="api-puzzle-history"),
    path("puzzles/<int:puzzle_id>/", apis.PuzzleDetailApi.as_view(), name="api-puzzle-detail"),
    path("puzzles/<int:puzzle_id>/attempts/", apis.AttemptCreateApi.as_view(), name="api-puzzle-attempts"),
    path("attempts/<int:attempt_id>/", apis.AttemptDetailApi.as_view(), name="api-attempt-detail"),
    path("attempts/<int:attempt_id>/moves/", apis.AttemptMoveApi.as_view(), name="api-attempt-moves"),
    path("attempts/<int:attempt_id>/give-up/", apis.AttemptGiveUpApi.as_view(), name="api-attempt-give-up"),
]

page_urlpatterns = [
    path("daily/", views.daily, name="training-daily"),
    path("train/", views.train, name="training-train"),
    path("archive/", views.archive, name="training-archive"),
    path("history/", views.history, name="training-history"),
    path("<int:puzzle_id>/", views.puzzle_page, name="training-puzzle"),
    path("attempts/<int:attempt_id>/", views.attempt_page, name="training-attempt"),
    path("attempts/<int:attempt_id>/move/", views.attempt_move, name="training-attempt-move"),
    path("attempts/<int:attempt_id>/give-up/", views.attempt_give_up, name="training-attempt-give-up"),
]

# What config/urls.py includes.
urlpatterns = [
    path("api/", include(api_urlpatterns)),
    path("puzzles/", include(page_urlpatterns)),
]
