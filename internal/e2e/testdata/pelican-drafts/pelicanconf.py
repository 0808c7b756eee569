# A small Pelican site for pelicandrafts_test.go: an article is a draft
# unless it says Status: published (DEFAULT_METADATA), as some blogs set.
# Its tags.html is a partial that renders nothing without an article, as
# some themes' is: Pelican writes an empty tags.html.
AUTHOR = 'Tester'
SITENAME = 'Allotment diary'
SITEURL = 'https://example.com'
PATH = 'content'
TIMEZONE = 'UTC'
DEFAULT_LANG = 'en'
FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
TRANSLATION_FEED_ATOM = None
AUTHOR_FEED_ATOM = None
AUTHOR_FEED_RSS = None
DEFAULT_PAGINATION = False
DEFAULT_METADATA = {
    'status': 'draft',
}
THEME_TEMPLATES_OVERRIDES = ['overrides']
