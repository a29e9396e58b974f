"""URLs of the coach: the API under /api/exercises/ and the pages under /coach/."""

from django.urls import path

from . import apis, views

app_name = "coach"

urlpatterns = [
    path("api/exercises/", apis.ExerciseListApi.as_view(), name="api-exercises"),
    path("api/exercises/next/", apis.ExerciseNextApi.as_view(), name="api-exercise-next"),
    path("api/exercises/<id:exercise_id>/", apis.ExerciseDetailApi.as_view(), name="api-exercise-detail"),
    path("api/exercises/<id:exercise_id>/tries/", apis.ExerciseTryApi.as_view(), name="api-exercise-tries"),
    path("coach/", views.index, name="index"),
    path("coach/exercises/<id:exercise_id>/", views.exercise, name="exercise"),
    path("coach/exercises/<id:exercise_id>/try/", views.exercise_try, name="exercise-try"),
    path("coach/puzzles/", views.puzzles_due, name="puzzles"),
    path("coach/events/", views.events, name="events"),
    path("coach/puzzles/replay/", views.puzzle_replay, name="puzzle-replay"),
    path("coach/games/<id:game_id>/", views.game, name="game"),
    path("coach/analyses/<id:analysis_id>/", views.analysis, name="analysis"),
]
