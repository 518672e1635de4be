"""Build-time generators for the documentation site (run by MkDocs through docsgen/hooks.py).

Nothing in the site's reference, payout tables, terminal pictures or plots is written by
hand: each page holds a directive, and these modules produce its content from the code.
"""
