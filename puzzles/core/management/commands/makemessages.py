"""``makemessages`` for the whole site, front end included.

Django's command, with two additions:

* ``-d djangojs`` reads the TypeScript sources of the front end
  (``frontend/src``, the ``.ts`` files by default) with xgettext's JavaScript
  parser and the front end's translation functions as keywords: ``t(msgid)``,
  ``tn(singular, plural, n)`` and ``tc(context, msgid)`` (a msgid with its
  ``msgctxt``) (``frontend/src/shared/i18n.ts``).
* Both domains skip what is not the site's own source: installed packages
  (``node_modules``), build output, the front end's tests and demo page, and
  collected static files.

    manage.py makemessages -d django -l pl -l nl -l ro
    manage.py makemessages -d djangojs -l pl -l nl -l ro
"""

from __future__ import annotations

from typing import Any

from django.core.management.commands import makemessages

IGNORED = [
    "node_modules",
    "frontend/dist",
    "frontend/tests",
    "frontend/src/demo",
    "frontend/scripts",
    "staticfiles",
    "tests",
    "bench",
    "solver",
]
JS_KEYWORDS = ["--keyword=t", "--keyword=tn:1,2", "--keyword=tc:1c,2"]


class Command(makemessages.Command):
    def handle(self, *args: Any, **options: Any) -> None:
        options["ignore_patterns"] = [*(options.get("ignore_patterns") or []), *IGNORED]
        if options.get("domain") == "djangojs":
            self.xgettext_options = [*self.xgettext_options, *JS_KEYWORDS]
            if not options.get("extensions"):
                options["extensions"] = ["ts"]
        super().handle(*args, **options)
