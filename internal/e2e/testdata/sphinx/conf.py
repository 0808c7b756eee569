# A small Sphinx project for generators_test.go.
project = 'sitemapgen test docs'
extensions = []
html_baseurl = 'https://example.com/docs/'
