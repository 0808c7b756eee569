"""Writes sitemap.txt, one URL a line, and robots.txt naming it."""

import os


def setup(app):
    app.connect('build-finished', write_sitemap)
    return {'parallel_read_safe': True}


def write_sitemap(app, exception):
    if exception is not None or app.builder.name != 'html':
        return
    base = app.config.html_baseurl
    urls = [base + app.builder.get_target_uri(doc) for doc in sorted(app.env.found_docs)]
    with open(os.path.join(app.outdir, 'sitemap.txt'), 'w') as f:
        f.write('\n'.join(urls) + '\n')
    with open(os.path.join(app.outdir, 'robots.txt'), 'w') as f:
        f.write('User-agent: *\nAllow: /\n\nSitemap: ' + base + 'sitemap.txt\n')
