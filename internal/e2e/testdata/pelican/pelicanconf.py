# A small Pelican site for generators_test.go (the settings
# pelican-quickstart writes, trimmed).
AUTHOR = 'Tester'
SITENAME = 'sitemapgen test blog'
SITEURL = ""

PATH = "content"
TIMEZONE = 'UTC'
DEFAULT_LANG = 'en'

FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
TRANSLATION_FEED_ATOM = None
AUTHOR_FEED_ATOM = None
AUTHOR_FEED_RSS = None
DEFAULT_PAGINATION = False
