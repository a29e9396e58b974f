from django.urls import path

from . import apis, views

app_name = "social"

urlpatterns = [
    path("following/", views.following, name="following"),
    path("players/<str:username>/relation/<str:action>/", views.relation_action, name="relation-action"),
    path("api/social/follow/<str:username>/", apis.FollowApi.as_view(), name="api-follow"),
    path("api/social/block/<str:username>/", apis.BlockApi.as_view(), name="api-block"),
    path("api/social/following/", apis.FollowingApi.as_view(), name="api-following"),
]
