package pelican_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/pelican"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

type Detected = generator.Detected

func TestDetectPelican(t *testing.T) {
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name: "pelican quickstart: SITEURL for production in publishconf.py",
			Files: map[string]string{
				"pelicanconf.py": "AUTHOR = 'me'\nSITENAME = 'Blog'\nSITEURL = \"\"\n\nPATH = \"content\"\n",
				"publishconf.py": "import os\nimport sys\nsys.path.append(os.curdir)\nfrom pelicanconf import *\n\n# If your site is available via HTTPS, make sure SITEURL begins with https://\nSITEURL = \"https://blog.example\"\nRELATIVE_URLS = False\n",
			},
			Want: []Detected{{File: "pelicanconf.py", PublishDir: "output",
				BaseURL: "https://blog.example/", BaseURLFrom: "publishconf.py SITEURL",
				Own: pelican.Conf{"AUTHOR": {Val: "me", File: "pelicanconf.py", Line: 1}, "PATH": {Val: "content", File: "pelicanconf.py", Line: 5}}}},
		},
		{
			Name: "pelican OUTPUT_PATH, SITEURL not a literal",
			Files: map[string]string{
				"pelicanconf.py": "OUTPUT_PATH = 'public/'\nSITEURL = os.environ['URL']\n",
			},
			Want: []Detected{{File: "pelicanconf.py", PublishDir: "public", Own: pelican.Conf{},
				Notes: []string{"pelicanconf.py:2: SITEURL is not a literal string; give --base-url"}}},
		},
		{
			Name: "pelican: a setting of the join not a literal, publishconf.py's over pelicanconf.py's",
			Files: map[string]string{
				"pelicanconf.py": "PATH = 'content'\nARTICLE_SAVE_AS = '{slug}.html'\n",
				"publishconf.py": "from pelicanconf import *\nARTICLE_SAVE_AS = PREFIX + '{slug}.html'\n",
			},
			Want: []Detected{{File: "pelicanconf.py", PublishDir: "output",
				Own: pelican.Conf{"PATH": {Val: "content", File: "pelicanconf.py", Line: 1},
					"ARTICLE_SAVE_AS": {Val: peer.Expr{Text: "PREFIX + '{slug}.html'"}, File: "publishconf.py", Line: 2}},
				Notes: []string{"publishconf.py:2: ARTICLE_SAVE_AS is not a literal Pelican setting sitemapgen reads; its pages are not joined to their sources"}}},
		},
	})
}
