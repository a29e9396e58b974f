"""URLs of offline puzzles and the installable web app: the service worker and the manifest at the site's root."""

from django.urls import path

from . import apis, views

app_name = "offline"

urlpatterns = [
    path("sw.js", views.service_worker, name="service-worker"),
    path("manifest.webmanifest", views.web_manifest, name="manifest"),
    path("api/puzzles/offline/", apis.OfflinePackApi.as_view(), name="api-pack"),
    path("api/puzzles/offline/results/", apis.OfflineResultApi.as_view(), name="api-results"),
    path("puzzles/offline/", views.puzzles, name="puzzles"),
]
