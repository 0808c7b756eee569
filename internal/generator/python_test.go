package generator

import (
	"testing"
)

func TestDetectPelican(t *testing.T) {
	testDetect(t, []detectTest{
		{
			name: "pelican quickstart: SITEURL for production in publishconf.py",
			files: map[string]string{
				"pelicanconf.py": "AUTHOR = 'me'\nSITENAME = 'Blog'\nSITEURL = \"\"\n\nPATH = \"content\"\n",
				"publishconf.py": "import os\nimport sys\nsys.path.append(os.curdir)\nfrom pelicanconf import *\n\n# If your site is available via HTTPS, make sure SITEURL begins with https://\nSITEURL = \"https://blog.example\"\nRELATIVE_URLS = False\n",
			},
			want: []Project{{Generator: "pelican", Title: "Pelican", File: "pelicanconf.py", PublishDir: "output",
				BaseURL: "https://blog.example/", BaseURLFrom: "publishconf.py SITEURL"}},
		},
		{
			name: "pelican OUTPUT_PATH, SITEURL not a literal",
			files: map[string]string{
				"pelicanconf.py": "OUTPUT_PATH = 'public/'\nSITEURL = os.environ['URL']\n",
			},
			want: []Project{{Generator: "pelican", Title: "Pelican", File: "pelicanconf.py", PublishDir: "public",
				Notes: []string{"pelicanconf.py:2: SITEURL is not a literal string; give --base-url"}}},
		},
	})
}
