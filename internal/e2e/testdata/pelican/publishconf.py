# The production settings: pelican content -s publishconf.py
import os
import sys
sys.path.append(os.curdir)
from pelicanconf import *

SITEURL = "https://example.com"
RELATIVE_URLS = False
DELETE_OUTPUT_DIRECTORY = True
