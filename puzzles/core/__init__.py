"""What every app of the site uses: the application error and the API's
error handling, change notices and long polling, task defaults and queueing,
the shared vocabulary and words, template tags, the base template and CSS."""
