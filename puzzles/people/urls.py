from django.urls import path

from . import apis, views, watch_apis, watch_views

app_name = "people"

urlpatterns = [
    path("lobby/", views.lobby, name="lobby"),
    path("lobby/quick/", views.quick, name="quick"),
    path("challenges/new/", views.challenge_new, name="challenge-new"),
    path("challenges/<id:challenge_id>/", views.challenge_page, name="challenge"),
    path("challenges/<id:challenge_id>/<str:action>/", views.challenge_action, name="challenge-action"),
    path("players/", views.leaderboard, name="leaderboard"),
    path("players/<str:username>/", views.profile, name="profile"),
    path("watch/", watch_views.watch, name="watch"),
    path("tv/", watch_views.tv, name="tv"),
    path("api/challenges/", apis.ChallengeListCreateApi.as_view(), name="api-challenges"),
    path("api/challenges/<id:challenge_id>/", apis.ChallengeDetailApi.as_view(), name="api-challenge-detail"),
    path("api/challenges/<id:challenge_id>/accept/", apis.ChallengeAcceptApi.as_view(), name="api-challenge-accept"),
    path("api/challenges/<id:challenge_id>/decline/", apis.ChallengeDeclineApi.as_view(), name="api-challenge-decline"),
    path("api/challenges/<id:challenge_id>/cancel/", apis.ChallengeCancelApi.as_view(), name="api-challenge-cancel"),
    path("api/challenges/<id:challenge_id>/rematch/", apis.ChallengeRematchApi.as_view(), name="api-challenge-rematch"),
    path("api/players/", apis.LeaderboardApi.as_view(), name="api-leaderboard"),
    path("api/players/<str:username>/", apis.ProfileApi.as_view(), name="api-profile"),
    path("api/lobby/<id:lobby_id>/", apis.LobbyApi.as_view(), name="api-lobby"),
    path("api/lobby/<id:lobby_id>/for-you/", apis.ForYouApi.as_view(), name="api-for-you"),
    path("api/seeks/", apis.SeekCreateApi.as_view(), name="api-seeks"),
    path("api/seeks/quick/", apis.QuickPairApi.as_view(), name="api-quick"),
    path("api/watch/", watch_apis.WatchListApi.as_view(), name="api-watch"),
    path("api/watch/featured/", watch_apis.FeaturedApi.as_view(), name="api-watch-featured"),
]
