# A small Sphinx project without html_baseurl (no canonical links): its
# index pages are linked as index.html and harbour/index.html. For
# sphinxindex_test.go.
project = 'Tide tables'
extensions = []
