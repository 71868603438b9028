"""The web adapter: the table display (TV and phones) and the dealer's console.

:func:`create_app` builds the Flask app around a table service; :mod:`tableside.web.server`
serves it with waitress. The pages, styles and scripts are in the repository's ``web/``
folder (see :mod:`tableside.web.site`).
"""
