"""Players: accounts and guests.  A request's player is a ``Player`` (a user,
or a guest known by a token in the session); a guest's data is handed to the
account they log in to (the ``guest_claimed`` signal, which every app that
keeps players' data subscribes to)."""
