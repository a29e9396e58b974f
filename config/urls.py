"""URLs: the pages, the API (with its OpenAPI schema and docs), accounts,
admin and the JavaScript translation catalogue."""
from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from puzzles import training_urls
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="api-redoc"),
    path("api/", include("puzzles.api_urls")),
    *training_urls.urlpatterns,  # issue 4: /api/puzzles/..., /api/attempts/..., /puzzles/...
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("puzzles.account_urls")),
    path("", include("puzzles.study_urls")),  # issue 5: /analysis/..., /endgames/..., their API
    path("", include("puzzles.urls")),
]
