"""Bot accounts: an account its owner turned, for good, into a program's
(``BotAccount``); marked BOT wherever its name is shown, rated in a pool
of its own and kept out of rated play against people unless they ask for it."""
