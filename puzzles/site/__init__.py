"""The site as a whole: the home page and the URL tree of every app."""
