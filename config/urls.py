"""URLs: the site's apps (``puzzles.site.urls``), the API's OpenAPI schema and
docs, the admin and the JavaScript translation catalogue."""
from django.contrib import admin
from django.urls import include, path, re_path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from puzzles.core.api import api_not_found
from puzzles.core.views import favicon
from puzzles.site.urls import app_urlpatterns

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema", template_name="core/redoc.html"), name="api-redoc"),
    path("favicon.ico", favicon, name="favicon"),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("puzzles.site.urls")),
    *app_urlpatterns,
    # Last: every other path under /api/ answers a JSON 404.
    re_path(r"^api/(?P<path>.*/)$", api_not_found),
]
