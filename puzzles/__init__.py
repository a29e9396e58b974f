"""The open-domino training site: a package of Django apps, one per part of
the product.  Dependencies run one way (checked by import-linter in
``make test``):

``core`` <- ``accounts`` <- ``analyses`` <- ``games``, ``training`` <- ``study`` <- ``site``

``legacy`` only holds the migrations of the single app the site used to be.
"""
