#!/bin/sh
sitemapgen
