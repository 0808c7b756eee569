# A Sphinx project whose own extension (_ext/plainsitemap.py) writes a
# text sitemap, sitemap.txt, and robots.txt with its Sitemap: line, as
# some projects do instead of sphinx-sitemap. For ownsitemap_test.go.
import os
import sys

sys.path.insert(0, os.path.abspath('_ext'))

project = 'Lighthouse notes'
extensions = ['plainsitemap']
html_baseurl = 'https://lighthouse.example.org/'
