"""URLs: the site's apps (``puzzles.site.urls``), the API's OpenAPI schema and
docs, the admin and the JavaScript translation catalogue."""

from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path, re_path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from puzzles.core.api import api_not_found
from puzzles.core.views import favicon
from puzzles.site.urls import app_urlpatterns

# The docs pages' own styles are inline (Swagger UI's <style>, Redoc's
# styled components), and Redoc's search runs in a blob: worker.
_DOCS_POLICY = {"style-src": ["'unsafe-inline'"], "img-src": ["blob:"], "worker-src": ["'self'", "blob:"]}

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file (no inline script).
    path(
        "api/docs/", csp_update(_DOCS_POLICY)(SpectacularSwaggerSplitView.as_view(url_name="schema")), name="api-docs"
    ),
    path(
        "api/redoc/",
        csp_update(_DOCS_POLICY)(SpectacularRedocView.as_view(url_name="schema", template_name="core/redoc.html")),
        name="api-redoc",
    ),
    path("favicon.ico", favicon, name="favicon"),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("puzzles.site.urls")),
    *app_urlpatterns,
    # Last: every other path under /api/ (and /api itself, and a path that
    # lacks its last slash) answers a JSON 404, not Django's HTML page or a redirect.
    # (Any character, a newline included: "." would leave "/api/x%0A/" to Django's HTML 404.)
    re_path(r"^api(?P<path>/[\s\S]*)?$", api_not_found),
]

# Error pages in the site's layout and language (JSON under /api/).
handler400 = "puzzles.core.errorpages.bad_request"
handler403 = "puzzles.core.errorpages.permission_denied"
handler404 = "puzzles.core.errorpages.page_not_found"
handler500 = "puzzles.core.errorpages.server_error"
