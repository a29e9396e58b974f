"""Settings by environment: ``base`` (everything, from the environment),
``local`` (a developer's machine: debug pages on by default; what ``make run``
uses), ``test`` (the test suite) and ``production`` (debug off, the secret
key and host names required, secure cookies, HSTS)."""
