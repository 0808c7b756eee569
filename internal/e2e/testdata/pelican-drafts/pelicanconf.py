# A small Pelican site for pelicandrafts_test.go: an article is a draft
# unless it says Status: published (DEFAULT_METADATA), as some blogs set.
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
