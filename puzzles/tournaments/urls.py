from django.urls import path

from . import apis, views

app_name = "tournaments"

urlpatterns = [
    path("tournaments/", views.tournaments, name="list"),
    path("tournaments/<id:tournament_id>/", views.tournament_page, name="page"),
    path("api/tournaments/", apis.TournamentListApi.as_view(), name="api-list"),
    path("api/tournaments/<id:tournament_id>/", apis.TournamentDetailApi.as_view(), name="api-tournament"),
    path("api/tournaments/<id:tournament_id>/join/", apis.TournamentJoinApi.as_view(), name="api-join"),
    path("api/tournaments/<id:tournament_id>/leave/", apis.TournamentLeaveApi.as_view(), name="api-leave"),
]
