from django.urls import path

from . import apis, views

app_name = "matches"

urlpatterns = [
    path("matches/", views.index, name="index"),
    path("matches/<id:match_id>/", views.match_page, name="match"),
    path("matches/<id:match_id>/move/", views.match_move, name="move"),
    path("matches/<id:match_id>/hint/", views.match_hint, name="hint"),
    path("matches/<id:match_id>/review/", views.match_review, name="review"),
    path("api/matches/", apis.MatchListCreateApi.as_view(), name="api-matches"),
    path("api/matches/<id:match_id>/", apis.MatchDetailApi.as_view(), name="api-match-detail"),
]
