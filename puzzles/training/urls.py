"""URLs of puzzle training: the API under /api/ and the pages under /puzzles/."""

from django.urls import path

from . import apis, views

app_name = "training"

urlpatterns = [
    path("api/puzzles/daily/", apis.DailyPuzzleApi.as_view(), name="api-puzzle-daily"),
    path("api/puzzles/next/", apis.NextPuzzleApi.as_view(), name="api-puzzle-next"),
    path("api/puzzles/themes/", apis.ThemeListApi.as_view(), name="api-puzzle-themes"),
    path("api/puzzles/history/", apis.HistoryApi.as_view(), name="api-puzzle-history"),
    path("api/puzzles/dashboard/", apis.DashboardApi.as_view(), name="api-puzzle-dashboard"),
    path("api/puzzles/replay/", apis.ReplayApi.as_view(), name="api-puzzle-replay"),
    path("api/puzzles/difficulty/", apis.DifficultyApi.as_view(), name="api-puzzle-difficulty"),
    path("api/puzzles/<id:puzzle_id>/vote/", apis.PuzzleVoteApi.as_view(), name="api-puzzle-vote"),
    path("api/puzzles/<id:puzzle_id>/", apis.PuzzleDetailApi.as_view(), name="api-puzzle-detail"),
    path("api/puzzles/<id:puzzle_id>/attempts/", apis.AttemptCreateApi.as_view(), name="api-puzzle-attempts"),
    path("api/attempts/<id:attempt_id>/", apis.AttemptDetailApi.as_view(), name="api-attempt-detail"),
    path("api/attempts/<id:attempt_id>/moves/", apis.AttemptMoveApi.as_view(), name="api-attempt-moves"),
    path("api/attempts/<id:attempt_id>/give-up/", apis.AttemptGiveUpApi.as_view(), name="api-attempt-give-up"),
    path("api/runs/", apis.RunListApi.as_view(), name="api-runs"),
    path("api/runs/<id:run_id>/", apis.RunDetailApi.as_view(), name="api-run-detail"),
    path("api/runs/<id:run_id>/moves/", apis.RunMoveApi.as_view(), name="api-run-moves"),
    path("api/runs/<id:run_id>/stop/", apis.RunStopApi.as_view(), name="api-run-stop"),
    path("api/runs/<id:run_id>/skip/", apis.RunSkipApi.as_view(), name="api-run-skip"),
    path("puzzles/daily/", views.daily, name="daily"),
    path("puzzles/streak/", views.streak, name="streak"),
    path("puzzles/timed/", views.timed, name="timed"),
    path("puzzles/runs/<id:run_id>/", views.run_page, name="run"),
    path("puzzles/runs/<id:run_id>/move/", views.run_move, name="run-move"),
    path("puzzles/runs/<id:run_id>/stop/", views.run_stop, name="run-stop"),
    path("puzzles/runs/<id:run_id>/skip/", views.run_skip, name="run-skip"),
    path("puzzles/train/", views.train, name="train"),
    path("puzzles/archive/", views.archive, name="archive"),
    path("puzzles/history/", views.history, name="history"),
    path("puzzles/dashboard/", views.dashboard, name="dashboard"),
    path("puzzles/replay/", views.replay, name="replay"),
    path("puzzles/difficulty/", views.difficulty, name="difficulty"),
    path("puzzles/<id:puzzle_id>/vote/", views.vote, name="vote"),
    path("puzzles/<id:puzzle_id>/", views.puzzle_page, name="puzzle"),
    path("puzzles/attempts/<id:attempt_id>/", views.attempt_page, name="attempt"),
    path("puzzles/attempts/<id:attempt_id>/move/", views.attempt_move, name="attempt-move"),
    path("puzzles/attempts/<id:attempt_id>/give-up/", views.attempt_give_up, name="attempt-give-up"),
]
