# A Sphinx project for joins_test.go whose pages are built from includes:
# docs/changelog.rst is the repository's CHANGELOG.md.
project = 'sitemapgen include docs'
extensions = []
html_baseurl = 'https://example.com/docs/'
